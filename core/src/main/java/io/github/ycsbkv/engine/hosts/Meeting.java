package io.github.ycsbkv.engine.hosts;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Where the client processes of one run ({@link ClientSplit}) meet, and the one handshake by which they do: client
 * 0's HOST:PORT ({@code -p clients.barrier}) and how long they wait for each other ({@code clients.barrier.timeout}),
 * for the {@link StartBarrier} (at PORT) and a capacity search's {@link StepCoordinator} (at PORT + 1). Client 0
 * listens ({@link #gather}); every other client connects, again and again until the timeout ({@link #reach}), and
 * says one line, {@code PROTOCOL VERSION COUNT INDEX AGREED [failed WHY]}: AGREED is one word that must be the same
 * on every client (the phase, the search's settings). Client 0 admits a client whose count and AGREED are its own and
 * whose index it still waits for, and turns any other away with {@code abort WHY}. Immutable; the sockets belong to
 * the caller.
 */
public final class Meeting {

  /** {@code clients.barrier}: client 0's HOST:PORT, where the clients meet. */
  public static final String ADDRESS = EngineProperties.CLIENTS_BARRIER;
  /** {@code clients.barrier.timeout}: seconds to wait for every client (default {@link #DEFAULT_TIMEOUT}). */
  public static final String TIMEOUT = EngineProperties.CLIENTS_BARRIER_TIMEOUT;
  /** How long the clients wait for each other by default: pods may be scheduled and pull images a while. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);

  /** How often a wait looks again (a stop, the deadline), in milliseconds. */
  static final int POLL_MILLIS = 200;

  /** How one side's AGREED word differs from client 0's, in words. */
  interface Disagreement {
    String why(int index, String theirs, String ours);
  }

  /**
   * What client 0 made of a client's hello: its index (or -1), and either nothing (admitted), the failure it reported
   * ({@code failed WHY}), or why it was turned away (then {@code belongs}: it is one of the clients still awaited, so
   * that a strict gathering fails for all).
   */
  record Admission(int index, String failure, String refused, boolean belongs) {}

  private final ClientSplit split;
  private final String host;
  private final int port;
  private final Duration timeout;
  /** What the meeting's waits and deadlines are measured by: the engine's clock. */
  private final NanoClock clock;

  /** The meeting at {@code address} (HOST:PORT) for {@code split}, each client waiting at most {@code timeout}. */
  public Meeting(ClientSplit split, String address, Duration timeout) {
    this(split, address, timeout, NanoClock.SYSTEM);
  }

  /** As {@link #Meeting(ClientSplit, String, Duration)}, its waits on {@code clock}. */
  public Meeting(ClientSplit split, String address, Duration timeout, NanoClock clock) {
    this.split = split;
    this.timeout = timeout;
    this.clock = clock;
    String a = address.trim();
    int colon = a.lastIndexOf(':');
    int p = -1;
    if (colon > 0) {
      try {
        p = Integer.parseInt(a.substring(colon + 1));
      } catch (NumberFormatException e) {
        p = -1;
      }
    }
    if (p < 1 || p > 65535) {
      throw new UserError("-p " + ADDRESS + " must be HOST:PORT (client 0's address as the other clients reach it),"
          + " got '" + address + "'");
    }
    String h = a.substring(0, colon);
    this.host = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    this.port = p;
  }

  /** The meeting {@code props} give ({@code clients.barrier}, its timeout), or null when no address is given. */
  public static Meeting of(ClientSplit split, Properties props) {
    return of(split, props, NanoClock.SYSTEM);
  }

  /** As {@link #of(ClientSplit, Properties)}, its waits on {@code clock}. */
  public static Meeting of(ClientSplit split, Properties props, NanoClock clock) {
    String address = props.getProperty(ADDRESS);
    if (address == null || address.isBlank()) {
      return null;
    }
    return new Meeting(split, address, Props.getSeconds(props, TIMEOUT, DEFAULT_TIMEOUT.toSeconds()), clock);
  }

  /** The clock the meeting's waits and deadlines are measured by. */
  public NanoClock clock() {
    return clock;
  }

  /** This process's part of the run. */
  public ClientSplit split() {
    return split;
  }

  /** Client 0's host as the others reach it. */
  public String host() {
    return host;
  }

  /** The port client 0 listens on for the start barrier (the steps' channel is the next one). */
  public int port() {
    return port;
  }

  /** How long the clients wait for each other. */
  public Duration timeout() {
    return timeout;
  }

  /** The address as given, for the result and messages. */
  public String address() {
    return host + ":" + port;
  }

  /** The line a client says at {@code protocol}, with {@code agreed} and, when not null, {@code failed WHY}. */
  String hello(String protocol, String agreed, String failure) {
    return protocol + " " + split.count() + " " + split.index() + " " + agreed
        + (failure == null ? "" : " failed " + failure.replace('\n', ' '));
  }

  /**
   * Client 0: listens on {@code at} until every other client said a hello it admits, and returns their sockets by
   * index (still open, the hello read), or null when {@code stopped} said so first. A client turned away hears why;
   * with {@code strict} one that belongs to the run (an awaited index) fails the gathering for all, else client 0
   * goes on waiting for the right one. A client that reports a failure ends it for all. Each end is one line
   * ({@link UserError}), the others told first ({@code abort WHY}). {@code reached} words the place in messages
   * ("reach the barrier at port 9000").
   */
  Map<Integer, Socket> gather(int at, String protocol, String agreed, Disagreement wording, boolean strict,
      String reached, BooleanSupplier stopped) {
    long deadline = clock.nanoTime() + timeout.toNanos();
    Map<Integer, Socket> arrived = new TreeMap<>();
    TreeSet<Integer> waiting = new TreeSet<>();
    for (int i = 1; i < split.count(); i++) {
      waiting.add(i);
    }
    try (ServerSocket server = new ServerSocket()) {
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(at));
      server.setSoTimeout(POLL_MILLIS);
      while (!waiting.isEmpty()) {
        if (stopped.getAsBoolean()) {
          abortAll(arrived, "client 0 was stopped");
          return null;
        }
        if (clock.nanoTime() - deadline > 0) {
          String why = String.format(Locale.US, "client(s) %s of %d did not %s within %d s",
              waiting.toString().replaceAll("[\\[\\]]", ""), split.count(), reached, timeout.toSeconds());
          abortAll(arrived, why);
          throw new UserError(ADDRESS + ": " + why + " (start every client with the same command and its own "
              + ClientSplit.INDEX + "; is port " + at + " reachable from their hosts?)");
        }
        Socket s;
        try {
          s = server.accept();
        } catch (SocketTimeoutException e) {
          continue;
        }
        Admission a = admit(s, protocol, agreed, waiting, wording);
        if (a == null) {
          continue;
        }
        if (a.failure() != null) {
          close(s);
          abortAll(arrived, a.failure());
          throw new UserError(ADDRESS + ": " + a.failure());
        }
        if (a.refused() != null) {
          quietly(s, "abort " + a.refused());
          close(s);
          if (strict && a.belongs()) {
            abortAll(arrived, a.refused());
            throw new UserError(ADDRESS + ": " + a.refused());
          }
          continue;
        }
        waiting.remove(a.index());
        arrived.put(a.index(), s);
      }
      return arrived;
    } catch (IOException e) {
      abortAll(arrived, "client 0 failed: " + e.getMessage());
      throw new UserError(ADDRESS + ": client 0 cannot listen on port " + at + ": " + UserError.describe(e));
    }
  }

  /** Reads a client's hello (null: it said nothing readable, and is closed). */
  private Admission admit(Socket s, String protocol, String agreed, TreeSet<Integer> waiting, Disagreement wording)
      throws IOException {
    s.setSoTimeout(5_000);
    String line;
    try {
      line = readLine(new DataInputStream(s.getInputStream()));
    } catch (IOException e) {
      close(s);
      return null;
    }
    String[] f = line == null ? new String[0] : line.trim().split(" ", 7);
    String[] p = protocol.split(" ");
    if (f.length < 5 || p.length != 2 || !f[0].equals(p[0]) || !f[1].equals(p[1])) {
      return new Admission(-1, null, "not a ycsb-kv client of this version", false);
    }
    int count;
    int index;
    try {
      count = Integer.parseInt(f[2]);
      index = Integer.parseInt(f[3]);
    } catch (NumberFormatException e) {
      return new Admission(-1, null, "not a ycsb-kv client of this version", false);
    }
    if (f.length == 7 && f[5].equals("failed")) {
      return new Admission(index, "client " + index + " failed: " + f[6], null, true);
    }
    boolean belongs = waiting.contains(index);
    String why = null;
    if (f.length != 5) {
      why = "not a ycsb-kv client of this version";
    } else if (count != split.count()) {
      why = "client " + index + " has " + ClientSplit.COUNT + "=" + count + ", client 0 " + split.count();
    } else if (index <= 0 || index >= split.count()) {
      why = ClientSplit.INDEX + "=" + index + " is not one of 1 to " + (split.count() - 1);
    } else if (!belongs) {
      why = ClientSplit.INDEX + "=" + index + " came twice: give each client its own";
    } else if (!f[4].equals(agreed)) {
      why = wording.why(index, f[4], agreed);
    }
    return new Admission(index, null, why, belongs);
  }

  /**
   * Every other client: connects to client 0 at {@code at} (again and again until {@code deadline}, on
   * {@link #clock()}) and says {@code hello}; returns the open socket, or null when {@code stopped} said so.
   * Client 0 out of reach until the deadline is one line.
   */
  Socket reach(int at, String hello, long deadline, BooleanSupplier stopped) {
    IOException last = null;
    while (clock.nanoTime() - deadline < 0) {
      if (stopped.getAsBoolean()) {
        return null;
      }
      Socket s = new Socket();
      try {
        s.connect(new InetSocketAddress(host, at), POLL_MILLIS * 5);
        send(s, hello);
        return s;
      } catch (IOException e) {
        last = e;
        close(s);
      }
      clock.park(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS / 2));
      if (Thread.currentThread().isInterrupted()) {
        return null;
      }
    }
    throw new UserError(String.format(Locale.US, "%s: cannot reach client 0 at %s within %d s (%s): is client 0"
        + " started, and its port reachable from this host?", ADDRESS, host + ":" + at, timeout.toSeconds(),
        last == null ? "no answer" : UserError.describe(last)));
  }

  /** Tells every socket {@code abort WHY}, quietly (one that left fails on its own). */
  static void abortAll(Map<Integer, Socket> sockets, String why) {
    for (Socket s : sockets.values()) {
      quietly(s, "abort " + why.replace('\n', ' '));
    }
  }

  /** One line of ASCII to {@code s}. */
  static void send(Socket s, String line) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** One line to {@code s}, ignoring a socket that is gone. */
  static void quietly(Socket s, String line) {
    try {
      send(s, line);
    } catch (IOException ignored) {
      // It left already.
    }
  }

  /** Closes {@code s}, quietly. */
  static void close(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing to do
    }
  }

  /** A line of ASCII up to '\n' (at most 64 KB), or null at the end of the stream before any byte. */
  static String readLine(DataInputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(64);
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (line.size() == 0) {
          return null;
        }
        throw new EOFException("the connection closed within a line");
      }
      if (b == '\n') {
        return line.toString(StandardCharsets.US_ASCII);
      }
      if (line.size() >= 65_536) {
        throw new IOException("a line longer than 64 KB");
      }
      line.write(b);
    }
  }
}
