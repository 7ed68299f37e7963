package io.github.ycsbkv.internal.link;

import io.github.ycsbkv.config.UserError;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * One plain connection to a RESP server for what surrounds a run, never the run itself: the server's INFO, FLUSHALL,
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

  /** Connects to {@code host:port}, authenticated when {@code password} is given; unreachable is a UserError. */
  public static RespLink open(String host, int port, String user, String password) {
    String address = host + ":" + port;
    try {
      Socket s = new Socket();
      s.connect(new InetSocketAddress(host, port), 5000);
      s.setSoTimeout(60_000);
      RespLink link = new RespLink(s, address);
      if (password != null) {
        Reply r = link.call(user == null ? List.of("AUTH", password) : List.of("AUTH", user, password));
        if (r.error()) {
          link.close();
          throw new UserError("the server at " + address + " refused the credentials (" + r.text() + ")");
        }
      }
      return link;
    } catch (IOException e) {
      throw new UserError("cannot reach the server at " + address + " (" + UserError.describe(e)
          + "): is it running, and are the host and port right?", UserError.FAILED, e);
    }
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
