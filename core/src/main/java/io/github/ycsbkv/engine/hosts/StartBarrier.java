package io.github.ycsbkv.engine.hosts;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.ClientHosts;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Where the client processes of one run ({@link ClientSplit}) wait for each other before their measured phases,
 * which then start at one wall-clock instant ({@code -p clients.barrier=HOST:PORT}, a {@link Meeting}). No service to
 * deploy: client 0 listens on PORT (every interface) while it waits; every other client connects to HOST:PORT
 * (client 0's address as they reach it: on Kubernetes the DNS name of pod 0 behind a headless Service), says who it
 * is, and waits for the instant. Once all have come, client 0 announces an instant {@link #LEAD} ahead, and every
 * process (client 0 too) sleeps until it on its own wall clock: keep the hosts' clocks synchronised (NTP, chrony). A
 * client that does not come within the timeout fails the run for all, with one line naming it; so does one that
 * failed before the barrier (it tells client 0, or client 0 tells the others that come in the next
 * {@link #FAILURE_NOTICE}). One with another count, phase or an index already taken is turned away.
 *
 * <p>The protocol: the meeting's hello ({@code ycsb-kv-barrier 2 COUNT INDEX PHASE}, or with {@code failed WHY}
 * from one that failed), then {@code start EPOCH_MICROS} (or {@code abort WHY}) from client 0. Used by the thread
 * that runs the phase.
 */
public final class StartBarrier {

  /** How far ahead of the announcement the start is: more than the announcement takes to reach every client. */
  static final Duration LEAD = Duration.ofMillis(250);
  /** How long a process that failed before the barrier goes on telling the others. */
  static final Duration FAILURE_NOTICE = Duration.ofSeconds(30);

  private static final String PROTOCOL = "ycsb-kv-barrier 2";

  private final Meeting meeting;
  private final String phase;

  /** A barrier for {@code phase} ({@code load} or {@code run}) at {@code meeting}'s port. */
  public StartBarrier(Meeting meeting, String phase) {
    this.meeting = meeting;
    this.phase = phase;
  }

  /** The address as given, for the result and messages. */
  public String address() {
    return meeting.address();
  }

  /** What a process's result says of the run's processes: its index, the instant and how late it started. */
  public static ClientHosts hosts(ClientSplit split, StartBarrier barrier, Instant startAt, Instant started) {
    return new ClientHosts(split.count(), List.of(split.index()), startAt,
        startAt == null ? -1 : ChronoUnit.MICROS.between(startAt, started), barrier == null ? null : barrier.address());
  }

  /**
   * Waits for every client, then until the announced instant, and returns it; a stop ({@code stopped} true) ends the
   * wait with null. Fails with one line when a client does not come in time or client 0 cannot be reached.
   */
  public Instant await(BooleanSupplier stopped) {
    Instant at = meeting.split().index() == 0 ? lead(stopped) : follow(stopped);
    if (at == null) {
      return null;
    }
    sleepUntil(at, stopped, meeting.clock());
    return at;
  }

  /** Client 0: gathers the others, then announces the start to each. */
  private Instant lead(BooleanSupplier stopped) {
    Map<Integer, Socket> arrived = meeting.gather(meeting.port(), PROTOCOL, phase,
        (index, theirs, ours) -> "client " + index + " is at its " + theirs + ", client 0 at its " + ours, false,
        "reach the barrier at port " + meeting.port(), stopped);
    if (arrived == null) {
      return null;
    }
    try {
      Instant at = Instant.now().plus(LEAD).truncatedTo(ChronoUnit.MICROS);
      String start = "start " + ChronoUnit.MICROS.between(Instant.EPOCH, at);
      for (Socket s : arrived.values()) {
        Meeting.quietly(s, start);
      }
      return at;
    } finally {
      for (Socket s : arrived.values()) {
        Meeting.close(s);
      }
    }
  }

  /** Every other client: reaches client 0 (again and again until the timeout), then waits for the instant. */
  private Instant follow(BooleanSupplier stopped) {
    long deadline = meeting.clock().nanoTime() + meeting.timeout().toNanos();
    while (true) {
      Socket s = meeting.reach(meeting.port(), meeting.hello(PROTOCOL, phase, null), deadline, stopped);
      if (s == null) {
        return null;
      }
      try (s) {
        DataInputStream in = new DataInputStream(s.getInputStream());
        while (true) {
          long left = Math.max(1, (deadline - meeting.clock().nanoTime()) / 1_000_000);
          s.setSoTimeout((int) Math.min(Meeting.POLL_MILLIS, left));
          String line;
          try {
            line = Meeting.readLine(in);
          } catch (SocketTimeoutException e) {
            if (stopped.getAsBoolean()) {
              return null;
            }
            if (meeting.clock().nanoTime() - deadline > 0) {
              throw new UserError(String.format(Locale.US, "%s: client 0 at %s did not start the run within %d s (not"
                  + " every client reached it)", Meeting.ADDRESS, address(), meeting.timeout().toSeconds()));
            }
            continue;
          }
          if (line == null) {
            throw new UserError(Meeting.ADDRESS + ": client 0 at " + address() + " closed the barrier without a"
                + " start (did it fail?)");
          }
          if (line.startsWith("abort ")) {
            throw new UserError(Meeting.ADDRESS + ": client 0 ended the barrier: " + line.substring(6));
          }
          if (line.startsWith("start ")) {
            return Instant.EPOCH.plus(Long.parseLong(line.substring(6).trim()), ChronoUnit.MICROS);
          }
        }
      } catch (IOException e) {
        // Client 0 went away before its answer: reach it again, until the deadline.
      }
    }
  }

  /**
   * This process failed before the barrier: client 0 tells the others that come (for at most
   * {@link #FAILURE_NOTICE}), another client tells client 0, which ends the barrier for all. Best effort: a client
   * that cannot be told fails at its own timeout.
   */
  public void tellFailure(String why) {
    String line = why == null || why.isBlank() ? "no reason given" : why.replace('\n', ' ');
    long deadline = meeting.clock().nanoTime() + Math.min(meeting.timeout().toNanos(), FAILURE_NOTICE.toNanos());
    if (meeting.split().index() != 0) {
      try {
        Socket s = meeting.reach(meeting.port(), meeting.hello(PROTOCOL, phase, line), deadline, () -> false);
        Meeting.close(s);
      } catch (UserError unreachable) {
        // client 0 fails at its own timeout
      }
      return;
    }
    int told = 0;
    try (ServerSocket server = new ServerSocket()) {
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(meeting.port()));
      server.setSoTimeout(Meeting.POLL_MILLIS);
      while (told < meeting.split().count() - 1 && meeting.clock().nanoTime() - deadline < 0) {
        try (Socket s = server.accept()) {
          Meeting.send(s, "abort client 0 failed: " + line);
          told++;
        } catch (SocketTimeoutException e) {
          // go on waiting
        }
      }
    } catch (IOException e) {
      // cannot listen: the others fail at their timeout
    }
  }

  /**
   * Sleeps until {@code at} on the wall clock (the hosts share it, not their monotonic clocks), on {@code clock}'s
   * waits, the last two milliseconds spinning.
   */
  private static void sleepUntil(Instant at, BooleanSupplier stopped, NanoClock clock) {
    while (!stopped.getAsBoolean()) {
      long leftMicros = ChronoUnit.MICROS.between(Instant.now(), at);
      if (leftMicros <= 0) {
        return;
      }
      if (leftMicros > 2_000) {
        clock.park(TimeUnit.MILLISECONDS.toNanos(Math.min(Meeting.POLL_MILLIS, (leftMicros - 2_000) / 1000 + 1)));
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
