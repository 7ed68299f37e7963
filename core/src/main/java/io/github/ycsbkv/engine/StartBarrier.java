package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.ClientHosts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * Where the client processes of one run ({@link ClientSplit}) wait for each other before their measured phases,
 * which then start at one wall-clock instant ({@code -p clients.barrier=HOST:PORT}). No service to deploy: client 0
 * listens on PORT (every interface) while it waits; every other client connects to HOST:PORT (client 0's address as
 * they reach it: on Kubernetes the DNS name of pod 0 behind a headless Service), says who it is, and waits for the
 * instant. Once all have come, client 0 announces an instant {@link #LEAD} ahead, and every process (client 0 too)
 * sleeps until it on its own wall clock: keep the hosts' clocks synchronised (NTP, chrony). A client that does not
 * come within the timeout ({@code clients.barrier.timeout}, default {@link #DEFAULT_TIMEOUT}) fails the run for all,
 * with one line naming it; so does one with another count, phase or an index already taken, and one that failed
 * before the barrier (it tells client 0, or client 0 tells the others that come in the next
 * {@link #FAILURE_NOTICE}).
 *
 * <p>The protocol is two lines of text: {@code ycsb-kv-barrier 1 PHASE COUNT INDEX} from each client (followed by
 * {@code failed WHY} from one that failed), then {@code start EPOCH_MICROS} (or {@code abort WHY}) from client 0.
 * Used by the thread that runs the phase.
 */
final class StartBarrier {

  /** {@code clients.barrier}: client 0's HOST:PORT, where the clients meet. */
  static final String ADDRESS = "clients.barrier";
  /** {@code clients.barrier.timeout}: seconds to wait for every client (default {@link #DEFAULT_TIMEOUT}). */
  static final String TIMEOUT = "clients.barrier.timeout";
  /** How long the clients wait for each other by default: pods may be scheduled and pull images a while. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(300);
  /** How far ahead of the announcement the start is: more than the announcement takes to reach every client. */
  static final Duration LEAD = Duration.ofMillis(250);

  /** How long a process that failed before the barrier goes on telling the others. */
  static final Duration FAILURE_NOTICE = Duration.ofSeconds(30);

  private static final String HELLO = "ycsb-kv-barrier 1";
  private static final int POLL_MILLIS = 200;

  private final ClientSplit split;
  private final String host;
  private final int port;
  private final Duration timeout;
  private final String phase;

  /** A barrier for {@code phase} ({@code load} or {@code run}) at {@code address} (HOST:PORT). */
  StartBarrier(ClientSplit split, String address, Duration timeout, String phase) {
    this.split = split;
    this.timeout = timeout;
    this.phase = phase;
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

  /**
   * The barrier {@code props} give a process of a run of several ({@code clients.barrier}), or null: for a process
   * alone, or (with a warning) when none is given.
   */
  static StartBarrier of(ClientSplit split, Phase phase, Properties props, Warnings warnings) {
    if (!split.many()) {
      return null;
    }
    String address = props.getProperty(ADDRESS);
    if (address == null || address.isBlank()) {
      warnings.warn(ClientSplit.COUNT + "=" + split.count() + " without " + ADDRESS + ": this process's measured"
          + " phase started when it was ready, not with the others' (give -p " + ADDRESS + "=HOST:PORT, client 0's"
          + " address, to every client)");
      return null;
    }
    return new StartBarrier(split, address, Props.getSeconds(props, TIMEOUT, DEFAULT_TIMEOUT.toSeconds()),
        phase.command());
  }

  /**
   * Waits at the barrier unless the phase has stopped already; a client that does not come (or client 0 out of
   * reach) stops the phase as failed, with its one line. Returns the instant the measured phase starts at, or null.
   */
  Instant await(StopSignal signal, Warnings warnings) {
    if (signal.isStopped()) {
      if (signal.reason() == StopReason.FAILED) {
        // Failed before the barrier (its store unreachable, say): the others hear why now, not at their timeout.
        warnings.note("telling the other client processes at " + ADDRESS + " " + address() + " that this one failed");
        tellFailure(signal.message());
      }
      return null;
    }
    warnings.note("waiting at " + ADDRESS + " " + address() + " for the other client processes");
    try {
      return await(signal::isStopped);
    } catch (UserError e) {
      signal.stop(StopReason.FAILED, e.getMessage());
      return null;
    }
  }

  /** What a process's result says of the run's processes: its index, the instant and how late it started. */
  static ClientHosts hosts(ClientSplit split, StartBarrier barrier, Instant startAt, Instant started) {
    return new ClientHosts(split.count(), List.of(split.index()), startAt,
        startAt == null ? -1 : ChronoUnit.MICROS.between(startAt, started), barrier == null ? null : barrier.address());
  }

  /** The address as given, for the result and messages. */
  String address() {
    return host + ":" + port;
  }

  /** Client 0's host as the others reach it. */
  String host() {
    return host;
  }

  /** The port client 0 listens on while the clients gather. */
  int port() {
    return port;
  }

  /** How long the clients wait for each other. */
  Duration timeout() {
    return timeout;
  }

  /**
   * Waits for every client, then until the announced instant, and returns it; a stop ({@code stopped} true) ends the
   * wait with null. Fails with one line when a client does not come in time or client 0 cannot be reached.
   */
  Instant await(BooleanSupplier stopped) {
    Instant at = split.index() == 0 ? lead(stopped) : follow(stopped);
    if (at == null) {
      return null;
    }
    sleepUntil(at, stopped);
    return at;
  }

  /** Client 0: gathers the others, then announces the start to each. */
  private Instant lead(BooleanSupplier stopped) {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<Socket> arrived = new ArrayList<>();
    TreeSet<Integer> waiting = new TreeSet<>();
    for (int i = 1; i < split.count(); i++) {
      waiting.add(i);
    }
    try (ServerSocket server = new ServerSocket()) {
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(port));
      server.setSoTimeout(POLL_MILLIS);
      while (!waiting.isEmpty()) {
        if (stopped.getAsBoolean()) {
          abort(arrived, "client 0 was stopped");
          return null;
        }
        if (System.nanoTime() - deadline > 0) {
          String why = String.format(Locale.US, "client(s) %s of %d did not reach the barrier at port %d within %d s",
              join(waiting), split.count(), port, timeout.toSeconds());
          abort(arrived, why);
          throw new UserError(ADDRESS + ": " + why + " (start every client with the same command and its own "
              + ClientSplit.INDEX + "; is port " + port + " reachable from their hosts?)");
        }
        Socket s;
        try {
          s = server.accept();
        } catch (SocketTimeoutException e) {
          continue;
        }
        Integer index;
        try {
          index = admit(s);
        } catch (ClientFailed e) {
          close(s);
          abort(arrived, e.getMessage());
          throw new UserError(ADDRESS + ": " + e.getMessage());
        }
        if (index != null && !waiting.contains(index)) {
          send(s, "abort " + ClientSplit.INDEX + "=" + index + " came twice: give each client its own");
          close(s);
        } else if (index != null) {
          waiting.remove(index);
          arrived.add(s);
        }
      }
      Instant at = Instant.now().plus(LEAD).truncatedTo(ChronoUnit.MICROS);
      String start = "start " + ChronoUnit.MICROS.between(Instant.EPOCH, at);
      for (Socket s : arrived) {
        send(s, start);
      }
      return at;
    } catch (IOException e) {
      abort(arrived, "client 0 failed: " + e.getMessage());
      throw new UserError(ADDRESS + ": client 0 cannot listen on port " + port + ": " + UserError.describe(e));
    } finally {
      for (Socket s : arrived) {
        close(s);
      }
    }
  }

  /** Reads a client's hello; returns its index, or null (after telling it why) when it does not belong. */
  private Integer admit(Socket s) throws IOException {
    s.setSoTimeout((int) Math.max(1000, LEAD.toMillis() * 4));
    String line;
    try {
      line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
    } catch (IOException e) {
      close(s);
      return null;
    }
    String[] f = line == null ? new String[0] : line.trim().split(" ", 7);
    String why = null;
    int index = -1;
    if (f.length == 7 && f[5].equals("failed")) {
      throw new ClientFailed("client " + f[4] + " failed: " + f[6]);
    }
    if (f.length != 5 || !(f[0] + " " + f[1]).equals(HELLO)) {
      why = "not a ycsb-kv client of this version";
    } else {
      try {
        index = Integer.parseInt(f[4]);
        if (!f[2].equals(phase)) {
          why = "client " + index + " is at its " + f[2] + ", client 0 at its " + phase;
        } else if (Integer.parseInt(f[3]) != split.count()) {
          why = "client " + index + " has " + ClientSplit.COUNT + "=" + f[3] + ", client 0 " + split.count();
        } else if (index <= 0 || index >= split.count()) {
          why = ClientSplit.INDEX + "=" + index + " is not one of 1 to " + (split.count() - 1);
        }
      } catch (NumberFormatException e) {
        why = "not a ycsb-kv client of this version";
      }
    }
    if (why != null) {
      send(s, "abort " + why);
      close(s);
      return null;
    }
    return index;
  }

  /** Every other client: reaches client 0 (again and again until the timeout), then waits for the instant. */
  private Instant follow(BooleanSupplier stopped) {
    long deadline = System.nanoTime() + timeout.toNanos();
    IOException last = null;
    while (System.nanoTime() - deadline < 0) {
      if (stopped.getAsBoolean()) {
        return null;
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(host, port), POLL_MILLIS * 5);
        send(s, HELLO + " " + phase + " " + split.count() + " " + split.index());
        BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
        while (true) {
          long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
          s.setSoTimeout((int) Math.min(POLL_MILLIS, left));
          String line;
          try {
            line = in.readLine();
          } catch (SocketTimeoutException e) {
            if (stopped.getAsBoolean()) {
              return null;
            }
            if (System.nanoTime() - deadline > 0) {
              throw new UserError(String.format(Locale.US, "%s: client 0 at %s did not start the run within %d s (not"
                  + " every client reached it)", ADDRESS, address(), timeout.toSeconds()));
            }
            continue;
          }
          if (line == null) {
            throw new UserError(ADDRESS + ": client 0 at " + address() + " closed the barrier without a start (did it"
                + " fail?)");
          }
          if (line.startsWith("abort ")) {
            throw new UserError(ADDRESS + ": client 0 ended the barrier: " + line.substring(6));
          }
          if (line.startsWith("start ")) {
            return Instant.EPOCH.plus(Long.parseLong(line.substring(6).trim()), ChronoUnit.MICROS);
          }
        }
      } catch (IOException e) {
        last = e;
      }
      try {
        Thread.sleep(POLL_MILLIS / 2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    throw new UserError(String.format(Locale.US, "%s: cannot reach client 0 at %s within %d s (%s): is client 0"
        + " started, and its port reachable from this host?", ADDRESS, address(), timeout.toSeconds(),
        last == null ? "no answer" : UserError.describe(last)));
  }

  /**
   * This process failed before the barrier: client 0 tells the others that come (for at most
   * {@link #FAILURE_NOTICE}), another client tells client 0, which ends the barrier for all. Best effort: a client
   * that cannot be told fails at its own timeout.
   */
  private void tellFailure(String why) {
    String line = why == null || why.isBlank() ? "no reason given" : why.replace('\n', ' ');
    long deadline = System.nanoTime() + Math.min(timeout.toNanos(), FAILURE_NOTICE.toNanos());
    if (split.index() == 0) {
      int told = 0;
      try (ServerSocket server = new ServerSocket()) {
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(port));
        server.setSoTimeout(POLL_MILLIS);
        while (told < split.count() - 1 && System.nanoTime() - deadline < 0) {
          try (Socket s = server.accept()) {
            send(s, "abort client 0 failed: " + line);
            told++;
          } catch (SocketTimeoutException e) {
            // go on waiting
          }
        }
      } catch (IOException e) {
        // cannot listen: the others fail at their timeout
      }
      return;
    }
    while (System.nanoTime() - deadline < 0) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(host, port), POLL_MILLIS * 5);
        send(s, HELLO + " " + phase + " " + split.count() + " " + split.index() + " failed " + line);
        return;
      } catch (IOException e) {
        try {
          Thread.sleep(POLL_MILLIS / 2);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** A client said it failed before the barrier. */
  private static final class ClientFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClientFailed(String message) {
      super(message, null, false, false);
    }
  }

  /** Sleeps until {@code at} on the wall clock, the last two milliseconds spinning. */
  private static void sleepUntil(Instant at, BooleanSupplier stopped) {
    while (!stopped.getAsBoolean()) {
      long leftMicros = ChronoUnit.MICROS.between(Instant.now(), at);
      if (leftMicros <= 0) {
        return;
      }
      if (leftMicros > 2_000) {
        try {
          Thread.sleep(Math.min(POLL_MILLIS, (leftMicros - 2_000) / 1000 + 1));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      } else {
        Thread.onSpinWait();
      }
    }
  }

  private static void abort(List<Socket> arrived, String why) {
    for (Socket s : arrived) {
      try {
        send(s, "abort " + why);
      } catch (IOException ignored) {
        // It left already; it fails on its own.
      }
    }
  }

  /** One line of ASCII to {@code s} (also {@link StepCoordinator}'s wire). */
  static void send(Socket s, String line) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** Closes {@code s}, quietly. */
  static void close(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing to do
    }
  }

  private static String join(TreeSet<Integer> indexes) {
    StringBuilder sb = new StringBuilder();
    for (int i : indexes) {
      sb.append(sb.length() == 0 ? "" : ", ").append(i);
    }
    return sb.toString();
  }
}
