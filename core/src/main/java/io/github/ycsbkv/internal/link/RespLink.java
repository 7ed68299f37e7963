package io.github.ycsbkv.internal.link;

import io.github.ycsbkv.config.UserError;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * One connection to a RESP server (plain, or over TLS) for what surrounds a run, never the run itself: the server's INFO, FLUSHALL,
 * CONFIG SET, a suite's init commands, DBSIZE. Replies are read whole; an error reply is returned as {@link Reply}
 * with {@code error} set. Not thread-safe.
 */
public final class RespLink implements AutoCloseable {

  /** A reply: its text (a simple or bulk string, a number, or the first line of an array), or an error's text. */
  public record Reply(String text, boolean error) {}

  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private final String address;

  private RespLink(Socket socket, String address) throws IOException {
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.in = new BufferedInputStream(socket.getInputStream());
    this.address = address;
  }

  /**
   * TLS for a link: the server's certificate checked against the CAs of a PEM file ({@code caFile}; null: the JVM's
   * default CAs) and its host name, or, {@code insecure}, not checked at all.
   */
  public record Tls(Path caFile, boolean insecure) {}

  /** Connects to {@code host:port}, authenticated when {@code password} is given; unreachable is a UserError. */
  public static RespLink open(String host, int port, String user, String password) {
    return open(host, port, user, password, null);
  }

  /** {@link #open(String, int, String, String)}, over {@code tls} unless it is null. */
  public static RespLink open(String host, int port, String user, String password, Tls tls) {
    String address = host + ":" + port;
    Socket s = null;
    try {
      s = new Socket();
      s.connect(new InetSocketAddress(host, port), 5000);
      s.setSoTimeout(60_000);
      if (tls != null) {
        s = secured(s, host, port, tls);
      }
      RespLink link = new RespLink(s, address);
      if (password != null) {
        Reply r = link.call(user == null ? List.of("AUTH", password) : List.of("AUTH", user, password));
        if (r.error()) {
          link.close();
          throw new UserError("the server at " + address + " refused the credentials (" + r.text() + ")");
        }
      }
      return link;
    } catch (UserError e) {
      closeQuietly(s);
      throw e;
    } catch (SSLException e) {
      closeQuietly(s);
      throw new UserError("TLS with the server at " + address + " failed (" + UserError.describe(e) + "): is it"
          + " serving TLS on that port, and is its certificate signed by the CA given (or give --tls-skip-verify)?",
          UserError.FAILED, e);
    } catch (IOException e) {
      closeQuietly(s);
      throw new UserError("cannot reach the server at " + address + " (" + UserError.describe(e)
          + "): is it running, and are the host and port right?", UserError.FAILED, e);
    }
  }

  private static void closeQuietly(Socket s) {
    if (s != null) {
      try {
        s.close();
      } catch (IOException e) {
        // it failed already
      }
    }
  }

  /** {@code plain}, connected, wrapped in TLS with the handshake done. */
  private static Socket secured(Socket plain, String host, int port, Tls tls) throws IOException {
    SSLContext context;
    try {
      context = SSLContext.getInstance("TLS");
      TrustManager[] trust = null;
      if (tls.insecure()) {
        trust = TlsTrust.any();
      } else if (tls.caFile() != null) {
        KeyStore store = TlsTrust.pem(tls.caFile());
        if (store.size() == 0) {
          throw new UserError("--cacert " + tls.caFile() + " holds no PEM certificate");
        }
        trust = TlsTrust.of(store);
      }
      context.init(null, trust, null);
    } catch (GeneralSecurityException e) {
      throw new UserError("--cacert " + tls.caFile() + " cannot be read as PEM certificates ("
          + UserError.describe(e) + ")", 2, e);
    } catch (NoSuchFileException e) {
      throw new UserError("--cacert " + tls.caFile() + ": no such file");
    }
    SSLSocket secured = (SSLSocket) context.getSocketFactory()
        .createSocket(plain, host, port, true);
    if (!tls.insecure()) {
      SSLParameters p = secured.getSSLParameters();
      p.setEndpointIdentificationAlgorithm("HTTPS");
      secured.setSSLParameters(p);
    }
    secured.startHandshake();
    return secured;
  }

  /** Sends {@code words} as one command and reads its reply. */
  public Reply call(List<String> words) throws IOException {
    StringBuilder b = new StringBuilder("*").append(words.size()).append("\r\n");
    for (String w : words) {
      b.append('$').append(w.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(w).append("\r\n");
    }
    out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    out.flush();
    return read();
  }

  /** {@link #call}, an I/O failure said as the server's. */
  public Reply callOrFail(List<String> words) {
    try {
      return call(words);
    } catch (IOException e) {
      throw new UserError("the server at " + address + " stopped answering (" + UserError.describe(e) + ") during "
          + words.get(0), UserError.FAILED, e);
    }
  }

  /**
   * {@link #callOrFail}, waiting up to {@code millis} for this reply (a command that takes long on a large data set:
   * {@code FLUSHALL} of tens of millions of entries), the link's own timeout again after it.
   */
  public Reply callOrFail(List<String> words, int millis) {
    try {
      int before = socket.getSoTimeout();
      socket.setSoTimeout(millis);
      try {
        return callOrFail(words);
      } finally {
        socket.setSoTimeout(before);
      }
    } catch (IOException e) {
      throw new UserError("the connection to the server at " + address + " failed (" + UserError.describe(e)
          + ") during " + words.get(0), UserError.FAILED, e);
    }
  }

  private Reply read() throws IOException {
    String line = line();
    char kind = line.charAt(0);
    String rest = line.substring(1);
    switch (kind) {
      case '-':
        return new Reply(rest, true);
      case '$':
        int length = Integer.parseInt(rest);
        if (length < 0) {
          return new Reply(null, false);
        }
        byte[] body = in.readNBytes(length + 2);
        return new Reply(new String(body, 0, length, StandardCharsets.UTF_8), false);
      case '*':
        int n = Integer.parseInt(rest);
        String first = null;
        for (int i = 0; i < n; i++) {
          Reply r = read();
          if (i == 0) {
            first = r.text();
          }
        }
        return new Reply(first, false);
      default:
        return new Reply(rest, false);
    }
  }

  /**
   * The next reply's line as sent (a {@code MONITOR} connection's stream of simple strings: {@code +1764031576.604009
   * [0 127.0.0.1:51682] "SET" ...}), or an IOException when the connection closes.
   */
  public String nextLine() throws IOException {
    return line();
  }

  /** Waits at most {@code millis} for a reply before {@link #nextLine} fails with a timeout (0: forever). */
  public void timeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  private String line() throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) != -1) {
      if (c == '\r') {
        in.read();
        return b.toString();
      }
      b.append((char) c);
    }
    throw new IOException("the connection closed");
  }

  /**
   * The address ({@code host:port}) of each primary of this server's cluster that is up, as its {@code CLUSTER NODES}
   * names them (a node that does not know its own address is at {@code seedHost}); empty when the server is no
   * cluster ({@code INFO cluster} without {@code cluster_enabled:1}). A cluster that does not answer is a UserError.
   */
  public List<String> clusterPrimaries(String seedHost) {
    Reply info = callOrFail(List.of("INFO", "cluster"));
    if (info.error() || info.text() == null || !info.text().contains("cluster_enabled:1")) {
      return List.of();
    }
    Reply nodes = callOrFail(List.of("CLUSTER", "NODES"));
    if (nodes.error() || nodes.text() == null) {
      throw new UserError("the cluster at " + address + " did not answer CLUSTER NODES ("
          + (nodes.text() == null ? "nothing" : nodes.text()) + ")");
    }
    List<String> primaries = primaries(nodes.text(), seedHost);
    if (primaries.isEmpty()) {
      throw new UserError("the cluster at " + address + " names no primary that is up in CLUSTER NODES");
    }
    return primaries;
  }

  /**
   * The address ({@code host:port}) of each primary that is up in a {@code CLUSTER NODES} reply, in its order; a node
   * that does not know its own address yet ({@code :6379}) is at {@code seedHost}.
   */
  public static List<String> primaries(String clusterNodes, String seedHost) {
    List<String> out = new ArrayList<>();
    for (String line : clusterNodes.split("\n")) {
      String[] f = line.trim().split(" ");
      if (f.length < 3) {
        continue;
      }
      List<String> flags = List.of(f[2].toLowerCase(Locale.ROOT).split(","));
      if (!flags.contains("master") || flags.contains("fail") || flags.contains("noaddr")
          || flags.contains("handshake")) {
        continue;
      }
      String address = f[1];
      int at = address.indexOf('@');
      address = at >= 0 ? address.substring(0, at) : address;
      int comma = address.indexOf(',');
      address = comma >= 0 ? address.substring(0, comma) : address;
      if (address.startsWith(":")) {
        address = seedHost + address;
      }
      if (address.lastIndexOf(':') > 0 && !out.contains(address)) {
        out.add(address);
      }
    }
    return out;
  }

  /** The server's software, from {@code INFO server}: dragonfly, valkey, keydb or redis. */
  public String server() {
    Reply r = callOrFail(List.of("INFO", "server"));
    if (r.error()) {
      throw new UserError("the server at " + address + " did not answer INFO (" + r.text() + ")"
          + (r.text().startsWith("NOAUTH") ? ": give its password" : ""));
    }
    String info = r.text() == null ? "" : r.text().toLowerCase(Locale.ROOT);
    if (info.contains("dragonfly_version")) {
      return "dragonfly";
    }
    if (info.contains("valkey_version") || info.contains("server_name:valkey")) {
      return "valkey";
    }
    return info.contains("keydb") ? "keydb" : "redis";
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing: nothing to do
    }
  }
}
