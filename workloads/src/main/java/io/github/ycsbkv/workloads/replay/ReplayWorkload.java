package io.github.ycsbkv.workloads.replay;

import io.github.ycsbkv.engine.WorkloadTraits;
import io.github.ycsbkv.spi.ArrivalInstants;
import io.github.ycsbkv.spi.Commands;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Replays a recording (#52): each recorded command sent through the binding's {@link Commands}, by the client thread
 * that serves its recorded client, at its recorded instant scaled by {@value #SPEED} (an open loop: latency from the
 * instant, the client's lateness as its schedule lag), or as fast as each client goes ({@code replay.speed=max}).
 * Recorded clients are each a client thread with its own connection (at most {@value #MAX_THREADS}), or folded onto
 * {@code -threads N}. Values a recording kept only the size of are generated at that size. Each command's latency is
 * its own series ({@code [GET]}, {@code [SET]}), a nil reply a miss. Keys may be prefixed ({@value #KEY_PREFIX},
 * {@link KeyPositions}). A binding without commands (Aerospike) is sent the recording's key-value subset as its reads,
 * inserts and deletes ({@link KeyValueSubset}); the commands it has no operation for are counted and said. The file is read once before the run (a
 * malformed line fails it before anything is sent) and then streamed ({@link ReplayFeed}). docs/replay.md.
 *
 * <p>Thread-safe: per-thread state is in {@link #initThread}'s object; the feed starts with the first thread.
 */
public class ReplayWorkload extends Workload implements WorkloadTraits, ArrivalInstants {

  public static final String FILE = "replay.file";
  /**
   * {@code auto} (default), {@code monitor}, {@code twitter}, {@code dragonfly} (its traffic log) or {@code csv} (with
   * its columns in {@code replay.csv.columns}).
   */
  public static final String FORMAT = "replay.format";
  /** How many times the recorded pace (default 1; 2 sends twice as fast), or {@code max}: each client closed-loop. */
  public static final String SPEED = "replay.speed";
  public static final String DEFAULT_SPEED = "1";
  /** The most client threads a recording's clients get by default; more are folded onto these. */
  public static final int MAX_THREADS = 256;

  /** A prefix for every key the recording names (default none): a replay beside other data, or several at once. */
  public static final String KEY_PREFIX = "replay.keyprefix";

  /** What a paced replay's warm-up sends (the recording is kept for the measured phase). */
  static final String WARMUP_COMMAND = "PING";
  /** What a paced replay's warm-up reads on a binding without commands. */
  static final String WARMUP_KEY = "ycsbkv-replay-warmup";
  private static final byte[][] PING = {WARMUP_COMMAND.getBytes(StandardCharsets.US_ASCII)};

  private volatile java.util.function.BooleanSupplier stopping = () -> false;
  private Path file;
  private RecordingFormat format;
  /** The recorded pace's multiple; 0 for {@code max}. */
  private double speed;
  private RecordingSummary summary;
  private ReplayFeed feed;
  /** Every client thread's state, for what was sent ({@link #sentText}). */
  private final java.util.List<State> states = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
  /** The recording's commands a second (its mean pace), NaN for a recording of one instant. */
  private double recordedOpsPerSec = Double.NaN;
  /** How far apart the passes of a repeated recording are, 0 for one pass. */
  private long periodMicros;
  /** {@value #KEY_PREFIX}'s bytes, or null. */
  private byte[] keyPrefix;
  /** Where a binding without commands keeps the recorded values ({@link KeyValueSubset}). */
  private String table;

  @Override
  public void init(Properties p) throws WorkloadException {
    if (!Boolean.parseBoolean(p.getProperty("dotransactions", "true"))) {
      throw new WorkloadException("the replay workload loads nothing: a recording holds its own writes; use run"
          + " (or bin/ycsb replay BINDING FILE)");
    }
    file = file(p);
    speed = speed(p.getProperty(SPEED, DEFAULT_SPEED));
    String prefix = p.getProperty(KEY_PREFIX, "");
    keyPrefix = prefix.isEmpty() ? null : prefix.getBytes(StandardCharsets.UTF_8);
    table = p.getProperty("table", "usertable");
    double target = target(p.getProperty("target"));
    long maxSeconds = io.github.ycsbkv.config.Props.getSeconds(p, "maxexecutiontime", 0).toSeconds();
    if (p.getProperty("warmup") != null && speed == 0 && target <= 0) {
      throw new WorkloadException("a replay at replay.speed=max has no warm-up (each command sent is the"
          + " recording's): drop -p warmup, or give a speed");
    }
    try {
      format = RecordingFormat.of(p.getProperty(FORMAT), p.getProperty(RecordingFormat.CSV_COLUMNS), file);
      summary = RecordingSummary.read(file, format);
    } catch (MalformedRecording | IllegalArgumentException | java.io.UncheckedIOException e) {
      throw new WorkloadException(e.getMessage());
    }
    if (summary.commands() == 0) {
      throw new WorkloadException("recording " + file + " holds no command to replay: " + summary.describe());
    }
    // The recorded pace: its commands over its span, the last command's share of time counted (one mean gap).
    recordedOpsPerSec = summary.commands() <= 1 || summary.seconds() == 0 ? Double.NaN
        : summary.commands() / (summary.seconds() * summary.commands() / (summary.commands() - 1));
    String pace;
    if (target > 0) {
      if (Double.isNaN(recordedOpsPerSec)) {
        throw new WorkloadException("recording " + file + " has no pace to scale to -target (one instant): drop"
            + " -target, or use replay.speed=max");
      }
      // -target (a capacity search's step) sets the speed: the recording's mean rate scaled to it.
      speed = target / recordedOpsPerSec;
      pace = String.format(Locale.US, "-target %.0f ops/s: %.3fx the recorded pace of %.1f ops/s", target, speed,
          recordedOpsPerSec);
    } else {
      pace = speed == 0 ? "full speed (replay.speed=max)" : String.format(Locale.US, "%sx the recorded pace%s", speed,
          Double.isNaN(recordedOpsPerSec) ? "" : String.format(Locale.US, " of %.1f ops/s", recordedOpsPerSec));
    }
    // With a time limit the recording repeats until the time is up, each pass one mean gap after the last.
    periodMicros = maxSeconds <= 0 ? 0 : summary.lastMicros() - summary.firstMicros()
        + Math.max(1, (long) (Double.isNaN(recordedOpsPerSec) ? 1000 : 1e6 / recordedOpsPerSec));
    int threads = Integer.parseInt(p.getProperty("threadcount", "1").trim());
    System.err.println("ycsb: note: replay: " + summary.describe() + "; at " + pace
        + (periodMicros > 0 ? "; repeated until maxexecutiontime" : "")
        + (summary.clients() > threads ? "; its " + summary.clients() + " clients folded onto " + threads
        + " thread(s) (client i, in the order they first appear, on thread i mod " + threads + ")" : ""));
  }

  /** {@code -target} as a number, 0 when not given; a rate schedule cannot scale a recording. */
  private static double target(String text) throws WorkloadException {
    if (text == null || text.isBlank()) {
      return 0;
    }
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new WorkloadException("a replay scales its recorded pace to one -target rate, not to a schedule ('"
          + text.trim() + "'): give a number, or replay.speed");
    }
  }

  /** How many times the recorded pace; 0 for {@code max}. */
  static double speed(String text) throws WorkloadException {
    String t = text.trim();
    if (t.equalsIgnoreCase("max")) {
      return 0;
    }
    try {
      double s = Double.parseDouble(t);
      if (s > 0 && Double.isFinite(s)) {
        return s;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new WorkloadException(SPEED + " must be a positive multiple of the recorded pace (1: as recorded) or max,"
        + " got '" + text + "'");
  }

  private static Path file(Properties p) throws WorkloadException {
    String name = p.getProperty(FILE);
    if (name == null || name.isBlank()) {
      throw new WorkloadException(FILE + " is not set: give the recording, -p " + FILE + "=PATH (MONITOR output or"
          + " a cache trace)");
    }
    Path path = Path.of(name.trim());
    if (!Files.isReadable(path) || Files.isDirectory(path)) {
      throw new WorkloadException("recording " + path + " is not a readable file");
    }
    return path;
  }

  @Override
  public boolean hasClientsOfItsOwn() {
    return true;
  }

  @Override
  public int clients(Properties props) {
    try {
      Path path = file(props);
      return Math.min(MAX_THREADS, RecordingSummary.read(path, RecordingFormat.of(props.getProperty(FORMAT),
          props.getProperty(RecordingFormat.CSV_COLUMNS), path))
          .clients());
    } catch (WorkloadException | RuntimeException e) {
      return 0; // init says what is wrong
    }
  }

  @Override
  public synchronized Object initThread(Properties p, int threadId, int threadCount) {
    if (feed == null) {
      feed = new ReplayFeed(file, format, threadCount, periodMicros);
      feed.start();
    }
    State state = new State(threadId, new SplittableRandom(0x5eed ^ threadId));
    states.add(state);
    return state;
  }

  /** A client thread's place in the recording: its queue, the command taken for the next send, its last instant. */
  private static final class State {
    final int thread;
    final SplittableRandom random;
    Recorded pending;
    long lastNanos;
    /** Per command: how many sent, how many had a nil reply (a miss), how many an error, how many were not sent. */
    final java.util.Map<String, long[]> sent = new java.util.HashMap<>();

    State(int thread, SplittableRandom random) {
      this.thread = thread;
      this.random = random;
    }
  }

  @Override
  public double offeredOpsPerSec() {
    return speed * recordedOpsPerSec;
  }

  @Override
  public void stopWhen(java.util.function.BooleanSupplier stopping) {
    this.stopping = stopping;
  }

  @Override
  public boolean paced() {
    return speed > 0;
  }

  @Override
  public long nextInstantNanos(Object threadState) {
    State s = (State) threadState;
    Recorded r = feed.take(s.thread, stopping);
    s.pending = r;
    if (r == ReplayFeed.END) {
      return ArrivalInstants.END;
    }
    // The measured phase starts at the recording's first instant (a paced warm-up sends PINGs, none of the
    // recording). A client's instants never go back (lines a tagging proxy wrote out of order are sent in the file's
    // order).
    long nanos = Math.max(s.lastNanos, (long) ((r.micros() - summary.firstMicros()) * 1000.0 / speed));
    s.lastNanos = nanos;
    return nanos;
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    throw new IllegalStateException("the replay workload loads nothing; use run");
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    Commands commands = db instanceof Commands c && c.sendsCommands() ? c : null;
    if (s.pending == null && paced()) {
      // Paced, the engine asks for each command's instant first: a call without one is a warm-up's, which sends a
      // PING on the connection (a read of a key no recording names, on a binding without commands) and leaves the
      // recording whole for the measured phase.
      if (commands != null) {
        commands.command(WARMUP_COMMAND, null, PING);
      } else {
        db.read(table, WARMUP_KEY, null, new java.util.HashMap<>());
      }
      return true;
    }
    Recorded r = s.pending != null ? s.pending : feed.take(s.thread, stopping);
    s.pending = null;
    if (r == ReplayFeed.END) {
      return false;
    }
    byte[][] args = values(r.args(), s.random);
    if (keyPrefix != null) {
      args = KeyPositions.prefixed(r.name(), args, keyPrefix);
    }
    long[] n = s.sent.computeIfAbsent(r.name(), k -> new long[4]);
    site.ycsb.Status status;
    if (commands != null) {
      status = commands.command(r.name(), KeyPositions.first(r.name(), args), args);
    } else {
      status = KeyValueSubset.send(db, table, r.name(), args);
      if (status == null) {
        n[3]++; // no key-value equivalent: not sent
        return true;
      }
    }
    n[0]++;
    if (status == site.ycsb.Status.NOT_FOUND) {
      n[1]++;
    } else if (status == null || !status.isOk()) {
      n[2]++;
    }
    return true;
  }

  /** {@code args} with each size placeholder replaced by that many generated letters (a copy when there is one). */
  static byte[][] values(byte[][] args, SplittableRandom random) {
    byte[][] out = args;
    for (int i = 1; i < args.length; i++) {
      int size = Recorded.sizeOf(args[i]);
      if (size >= 0) {
        if (out == args) {
          out = args.clone();
        }
        byte[] v = new byte[size];
        for (int k = 0; k < size; k++) {
          v[k] = (byte) ('a' + random.nextInt(26));
        }
        out[i] = v;
      }
    }
    return out;
  }

  @Override
  public void cleanup() {
    if (feed != null) {
      feed.stop();
      System.err.println("ycsb: note: replay: " + sentText());
    }
  }

  /**
   * What was sent beside what the recording holds, by command, with each command's misses (nil replies) and errors:
   * "sent 200 of the recording's 200 commands: GET 80 (1 nil: 98.8% found), HSET 20, INCR 20, SET 80". Read after
   * the client threads ended.
   */
  String sentText() {
    java.util.Map<String, long[]> all = new java.util.TreeMap<>();
    synchronized (states) {
      for (State st : states) {
        st.sent.forEach((name, n) -> {
          long[] t = all.computeIfAbsent(name, k -> new long[4]);
          for (int i = 0; i < 4; i++) {
            t[i] += n[i];
          }
        });
      }
    }
    long total = all.values().stream().mapToLong(n -> n[0]).sum();
    StringBuilder b = new StringBuilder("sent ").append(total).append(" of the recording's ")
        .append(summary.commands()).append(" commands").append(periodMicros > 0 ? " (repeated)" : "").append(':');
    int i = 0;
    long notSent = 0;
    StringBuilder skipped = new StringBuilder();
    for (java.util.Map.Entry<String, long[]> e : all.entrySet()) {
      long[] n = e.getValue();
      if (n[3] > 0) {
        notSent += n[3];
        skipped.append(skipped.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(n[3]);
      }
      if (n[0] == 0) {
        continue;
      }
      b.append(i++ == 0 ? " " : ", ").append(e.getKey()).append(' ').append(n[0]);
      if (n[1] > 0 || n[2] > 0) {
        b.append(" (");
        if (n[1] > 0) {
          b.append(n[1]).append(" nil: ").append(String.format(Locale.US, "%.1f%%", 100.0 * (n[0] - n[1] - n[2])
              / n[0])).append(" found");
        }
        if (n[2] > 0) {
          b.append(n[1] > 0 ? ", " : "").append(n[2]).append(" error(s)");
        }
        b.append(')');
      }
    }
    String not = notSent == 0 ? "" : "; not sent, as the binding has no key-value operation for them (docs/replay.md): "
        + skipped;
    return (total == 0 ? "sent none of the recording's " + summary.commands() + " commands" : b.toString()) + not;
  }

  /** The recording as read before the run; null before {@link #init}. */
  RecordingSummary summary() {
    return summary;
  }

  @Override
  public boolean endsOnItsOwn() {
    return true;
  }

  @Override
  public boolean neverScans() {
    return true;
  }

  @Override
  public boolean skipsLoad() {
    return true;
  }

  @Override
  public boolean checksValues() {
    return false;
  }
}
