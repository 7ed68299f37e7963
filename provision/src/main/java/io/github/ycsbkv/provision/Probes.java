package io.github.ycsbkv.provision;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;

/** Whether a server answers its own protocol: a RESP {@code PING}, or Aerospike's info protocol. JDK only. */
final class Probes {

  private Probes() {}

  /**
   * A RESP PING answered with PONG at {@code host:port}: over TLS when {@code tls} is given, after AUTH when
   * {@code password} is.
   */
  static boolean pong(String host, int port, SSLContext tls, String password) throws IOException {
    try (Socket plain = new Socket()) {
      plain.connect(new InetSocketAddress(host, port), 1000);
      plain.setSoTimeout(2000);
      Socket s = tls == null ? plain : tls.getSocketFactory().createSocket(plain, host, port, true);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      if (password != null) {
        out.write(("*2\r\n$4\r\nAUTH\r\n$" + password.length() + "\r\n" + password + "\r\n")
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        if (!new String(in.readNBytes(5), StandardCharsets.US_ASCII).equals("+OK\r\n")) {
          return false;
        }
      }
      out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return new String(in.readNBytes(7), StandardCharsets.US_ASCII).equals("+PONG\r\n");
    }
  }

  /**
   * One RESP command at {@code host:port} (plain TCP, no password) and its reply as text: a simple string or an error
   * without its type byte ({@code OK}, {@code ERR ...}), a bulk string whole, an integer or an array as
   * {@link #reply} gives it; the cluster set-up commands' replies. Throws {@link IOException} on no answer within 5 s.
   */
  static String command(String host, int port, String... args) throws IOException {
    return command(host, port, 5000, args);
  }

  /** As {@link #command(String, int, String...)}, waiting up to {@code timeoutMillis} for the answer. */
  static String command(String host, int port, int timeoutMillis, String... args) throws IOException {
    Object reply = reply(host, port, timeoutMillis, args);
    return reply == null ? null : String.valueOf(reply);
  }

  /**
   * One RESP command at {@code host:port} (plain TCP, no password) and its whole reply: an array as a list of its
   * elements (each a list, a string, a long, or null), a bulk string whole, an integer as a long, a simple string or
   * an error without its type byte. Throws {@link IOException} on no answer within 5 s.
   */
  static Object reply(String host, int port, String... args) throws IOException {
    return reply(host, port, 5000, args);
  }

  private static Object reply(String host, int port, int timeoutMillis, String... args) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      s.setSoTimeout(timeoutMillis);
      StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
      for (String a : args) {
        request.append('$').append(a.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(a).append("\r\n");
      }
      s.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
      s.getOutputStream().flush();
      return read(s.getInputStream());
    }
  }

  private static Object read(InputStream in) throws IOException {
    String line = line(in);
    switch (line.isEmpty() ? ' ' : line.charAt(0)) {
      case '*' -> {
        int n = Integer.parseInt(line.substring(1));
        java.util.List<Object> items = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
          items.add(read(in));
        }
        return n < 0 ? null : items;
      }
      case '$' -> {
        int n = Integer.parseInt(line.substring(1));
        if (n < 0) {
          return null;
        }
        String bulk = new String(in.readNBytes(n), StandardCharsets.UTF_8);
        line(in);
        return bulk;
      }
      case ':' -> {
        return Long.parseLong(line.substring(1));
      }
      default -> {
        return line.startsWith("+") || line.startsWith("-") ? line.substring(1) : line;
      }
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0 && c != '\n') {
      if (c != '\r') {
        sb.append((char) c);
      }
    }
    if (c < 0 && sb.length() == 0) {
      throw new IOException("the server closed the connection without a reply");
    }
    return sb.toString();
  }

  /**
   * Aerospike's info protocol (version 2, type 1, 48-bit length) at {@code host:port} answering
   * {@code partition-generation} with a value other than -1: until then clients refuse the node as "not yet
   * fully initialized".
   */
  static boolean aerospikeReady(String host, int port) throws IOException {
    String value = aerospikeInfo(host, port, "partition-generation");
    return value != null && !value.isEmpty() && !value.equals("-1");
  }

  /** The value Aerospike's info protocol gives for {@code name} at {@code host:port}, or null on a short reply. */
  static String aerospikeInfo(String host, int port, String name) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      s.setSoTimeout(2000);
      byte[] bytes = (name + "\n").getBytes(StandardCharsets.US_ASCII);
      ByteBuffer request = ByteBuffer.allocate(8 + bytes.length);
      request.putLong((2L << 56) | (1L << 48) | bytes.length).put(bytes);
      s.getOutputStream().write(request.array());
      InputStream in = s.getInputStream();
      byte[] header = in.readNBytes(8);
      if (header.length < 8) {
        return null;
      }
      long length = ByteBuffer.wrap(header).getLong() & 0xFFFFFFFFFFFFL;
      String reply = new String(in.readNBytes((int) Math.min(length, 1 << 20)), StandardCharsets.US_ASCII).trim();
      return reply.substring(reply.indexOf('\t') + 1).trim();
    }
  }
}
