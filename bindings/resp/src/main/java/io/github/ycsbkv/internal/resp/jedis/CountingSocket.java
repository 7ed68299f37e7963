package io.github.ycsbkv.internal.resp.jedis;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import redis.clients.jedis.DefaultJedisSocketFactory;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * A Jedis connection's socket (plain or TLS, as Jedis's own factory makes it) whose streams add what passes through
 * them to a {@link WireCounter}: the RESP bytes, before TLS. Only the socket methods Jedis's {@code Connection} calls
 * are passed on (Jedis 8.0).
 */
final class CountingSocket extends Socket {
  private final Socket socket;
  private final WireCounter counter;
  private InputStream in;
  private OutputStream out;

  private CountingSocket(Socket socket, WireCounter counter) {
    this.socket = socket;
    this.counter = counter;
  }

  /** Jedis's socket factory for {@code address}, its sockets counted in {@code counter}. */
  static DefaultJedisSocketFactory factory(HostAndPort address, JedisClientConfig config, WireCounter counter) {
    return new DefaultJedisSocketFactory(address, config) {
      @Override
      public Socket createSocket() {
        return new CountingSocket(super.createSocket(), counter);
      }
    };
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (in == null) {
      in = new CountedIn(socket.getInputStream(), counter);
    }
    return in;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (out == null) {
      out = new CountedOut(socket.getOutputStream(), counter);
    }
    return out;
  }

  private static final class CountedIn extends FilterInputStream {
    private final WireCounter counter;

    CountedIn(InputStream stream, WireCounter counter) {
      super(stream);
      this.counter = counter;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        counter.received++;
      }
      return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      int n = in.read(buf, off, len);
      if (n > 0) {
        counter.received += n;
      }
      return n;
    }
  }

  private static final class CountedOut extends FilterOutputStream {
    private final WireCounter counter;

    CountedOut(OutputStream stream, WireCounter counter) {
      super(stream);
      this.counter = counter;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      counter.sent++;
    }

    @Override
    public void write(byte[] buf, int off, int len) throws IOException {
      out.write(buf, off, len);
      counter.sent += len;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return socket.getLocalSocketAddress();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return socket.getRemoteSocketAddress();
  }

  @Override
  public int getSoTimeout() throws SocketException {
    return socket.getSoTimeout();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    socket.setSoTimeout(timeout);
  }

  @Override
  public boolean isBound() {
    return socket.isBound();
  }

  @Override
  public boolean isClosed() {
    return socket.isClosed();
  }

  @Override
  public boolean isConnected() {
    return socket.isConnected();
  }

  @Override
  public boolean isInputShutdown() {
    return socket.isInputShutdown();
  }

  @Override
  public boolean isOutputShutdown() {
    return socket.isOutputShutdown();
  }
}
