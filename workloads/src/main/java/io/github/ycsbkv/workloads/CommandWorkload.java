package io.github.ycsbkv.workloads;

import io.github.ycsbkv.spi.Commands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Any command, from templates (#43): what memtier_benchmark's {@code --command}, {@code --command-ratio} and
 * {@code --command-key-pattern} do, on ycsb-kv's engine (closed or open loop, pipelined, clusters, every export).
 * Commands are given as {@code command.1=ZADD __key__ __score__ __field__}, {@code command.2=...}, each with
 * {@code command.N.ratio} (its weight, default 1), {@code command.N.keypattern} (uniform, zipfian, gaussian or
 * sequential; default {@code requestdistribution}, else uniform), {@code command.N.keyprefix} (default
 * {@code key:}) and {@code command.N.name} (the operation name its latency is recorded under; default the command's
 * own); or from a file, {@code commands.file=PATH}, a template per line after its weight
 * ({@code 3 ZADD __key__ __score__ __field__}). Keys are numbered 1 to {@code recordcount}; {@code __data__} is
 * {@code command.valuesize} random letters (N or N-M, default 32); {@link CommandTemplate} lists the placeholders.
 *
 * <p>{@code load} runs {@code command.load} (for example {@code SET __key__ __data__}) once per key
 * {@code insertstart+1 ..}; without it there is nothing to load, as for memtier. Every operation goes through the
 * binding's {@link Commands} (the RESP bindings), recorded under its name: an error reply is an error with its cause,
 * a nil reply a miss. Thread-safe: per-thread state is in {@link #initThread}'s object.
 */
public class CommandWorkload extends Workload implements io.github.ycsbkv.engine.WorkloadTraits {

  public static final String COMMAND = "command.";
  /** The numbered keys, declared for the command line's check of property names. */
  public static final String COMMAND_N = "command.*";
  public static final String COMMAND_N_RATIO = "command.*.ratio";
  public static final String COMMAND_N_KEY_PATTERN = "command.*.keypattern";
  public static final String COMMAND_N_KEY_PREFIX = "command.*.keyprefix";
  public static final String COMMAND_N_NAME = "command.*.name";
  public static final String LOAD_KEY_PREFIX = "command.load.keyprefix";
  public static final String LOAD_NAME = "command.load.name";
  public static final String FILE = "commands.file";
  public static final String LOAD = "command.load";
  public static final String VALUE_SIZE = "command.valuesize";
  public static final String SEED = "command.seed";
  public static final String DEFAULT_KEY_PREFIX = "key:";

  /** One command of the mix: its template, how its keys are drawn and named, and its weight. */
  private record Entry(CommandTemplate template, KeyPattern keys, String prefix, double weight) {}

  private final List<Entry> mix = new ArrayList<>();
  private double[] cumulative;
  private Entry load;
  private int minSize;
  private int maxSize;
  private int fieldCount;
  private long seed;
  private long insertStart;
  private final AtomicLong loadCounter = new AtomicLong();

  @Override
  public boolean checksValues() {
    return false;
  }

  @Override
  public boolean pipelineSafe() {
    return true;
  }

  /** Like memtier's runs, its runs need no load: recordcount is the key range. */
  @Override
  public boolean skipsLoad() {
    return true;
  }

  @Override
  public boolean neverScans() {
    return true;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    long keys = Long.parseLong(p.getProperty("recordcount", "1000").trim());
    fieldCount = Integer.parseInt(p.getProperty("fieldcount", "10").trim());
    insertStart = Long.parseLong(p.getProperty("insertstart", "0").trim());
    seed = Long.parseLong(p.getProperty(SEED, "4000000").trim());
    long[] size = CacheWorkload.range(p.getProperty(VALUE_SIZE, "32"), VALUE_SIZE, "-");
    if (size[0] > size[1] || size[1] > 64 * 1024 * 1024) {
      throw new WorkloadException("property '" + VALUE_SIZE + "' must be N or N-M with N <= M <= 64 MiB, got '"
          + p.getProperty(VALUE_SIZE) + "'");
    }
    minSize = (int) size[0];
    maxSize = (int) size[1];
    String defaultPattern = p.getProperty("requestdistribution", "uniform");
    if (!List.of("uniform", "zipfian", "gaussian", "sequential").contains(defaultPattern.trim())) {
      defaultPattern = "uniform"; // CoreWorkload's other distributions (latest, hotspot) are not key patterns here
    }
    String file = p.getProperty(FILE);
    if (file != null && !file.isBlank()) {
      fromFile(p, Path.of(file.trim()), keys, defaultPattern);
    }
    for (int n = 1; p.getProperty(COMMAND + n) != null; n++) {
      String at = COMMAND + n;
      mix.add(entry(p, at, p.getProperty(at), keys, defaultPattern, weight(p.getProperty(at + ".ratio", "1"), at
          + ".ratio")));
    }
    if (mix.isEmpty()) {
      throw new WorkloadException("the commands workload has no command: give -p command.1='ZADD __key__ __score__"
          + " __field__' (and command.2, ...), or -p " + FILE + "=PATH");
    }
    double total = 0;
    cumulative = new double[mix.size()];
    for (int i = 0; i < mix.size(); i++) {
      total += mix.get(i).weight();
      cumulative[i] = total;
    }
    if (!(total > 0)) {
      throw new WorkloadException("every command's ratio is 0: give at least one a positive ratio");
    }
    String loadText = p.getProperty(LOAD);
    load = loadText == null || loadText.isBlank() ? null
        : entry(p, LOAD, loadText, keys, "sequential", 1);
  }

  private Entry entry(Properties p, String at, String text, long keys, String defaultPattern, double weight)
      throws WorkloadException {
    CommandTemplate t = CommandTemplate.parse(text, p.getProperty(at + ".name"), at);
    KeyPattern pattern = KeyPattern.of(p.getProperty(at + ".keypattern", defaultPattern), keys, Double.NaN,
        Double.NaN);
    String prefix = p.getProperty(at + ".keyprefix", DEFAULT_KEY_PREFIX);
    checkSlots(p, t, prefix, at);
    return new Entry(t, pattern, prefix, weight);
  }

  /**
   * A command of several keys ({@code __key2__} ...) on a cluster ({@code redis.cluster} or {@code dragonfly.cluster})
   * needs them in one hash slot: its prefix must have a hash tag ({@code {tag}}), else it is refused here rather than
   * failing every operation with CROSSSLOT.
   */
  static void checkSlots(Properties p, CommandTemplate t, String prefix, String at) throws WorkloadException {
    boolean cluster = "true".equalsIgnoreCase(p.getProperty("redis.cluster", "").trim())
        || "true".equalsIgnoreCase(p.getProperty("dragonfly.cluster", "").trim());
    int open = prefix.indexOf('{');
    boolean tagged = open >= 0 && prefix.indexOf('}', open + 1) > open + 1;
    if (cluster && t.keys() > 1 && !tagged) {
      throw new WorkloadException(at + ": '" + t.text() + "' has " + t.keys() + " keys, which a cluster serves only in"
          + " one hash slot: give its keys a hash tag, for example " + (at.startsWith(COMMAND) ? at : COMMAND + "N")
          + ".keyprefix={" + prefix.replaceAll("[^A-Za-z0-9]", "") + "}:");
    }
  }

  private void fromFile(Properties props, Path file, long keys, String pattern) throws WorkloadException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new WorkloadException(FILE + ": cannot read " + file + " (" + e.getMessage() + ")");
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String at = file + " line " + (i + 1);
      int space = line.indexOf(' ');
      if (space < 0) {
        throw new WorkloadException(at + " must be 'WEIGHT COMMAND ...', got '" + line + "'");
      }
      CommandTemplate t = CommandTemplate.parse(line.substring(space + 1), null, at);
      checkSlots(props, t, DEFAULT_KEY_PREFIX, at);
      mix.add(new Entry(t, KeyPattern.of(pattern, keys, Double.NaN, Double.NaN), DEFAULT_KEY_PREFIX,
          weight(line.substring(0, space), at + "'s weight")));
    }
  }

  private static double weight(String text, String where) throws WorkloadException {
    try {
      double w = Double.parseDouble(text.trim());
      if (w >= 0 && !Double.isInfinite(w)) {
        return w;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new WorkloadException(where + " must be a number >= 0 (a command's weight), got '" + text.trim() + "'");
  }

  /** A thread's random source, its sequential keys' positions and what it fills in. */
  private final class State implements CommandTemplate.Fill {
    final SplittableRandom random;
    final long[][] sequences;
    /** The current operation's command, and its keys drawn so far (index 1: __key__). */
    Entry entry;
    int sequence;
    final String[] keys = new String[10];

    State(SplittableRandom random, int threadId) {
      this.random = random;
      this.sequences = new long[mix.size() + 1][];
      for (int i = 0; i < sequences.length; i++) {
        sequences[i] = new long[] {threadId};
      }
    }

    @Override
    public String key(int n) {
      if (keys[n] == null) {
        keys[n] = entry.prefix() + entry.keys().next(random, sequences[sequence]);
      }
      return keys[n];
    }

    /** Starts an operation of {@code e}: its keys are drawn as its template asks for them. */
    void start(Entry e, int sequenceIndex) {
      entry = e;
      sequence = sequenceIndex;
      java.util.Arrays.fill(keys, null);
    }

    @Override
    public byte[] data() {
      int size = minSize == maxSize ? minSize : minSize + random.nextInt(maxSize - minSize + 1);
      return CacheWorkload.letters(random, size);
    }

    @Override
    public int fieldCount() {
      return fieldCount;
    }

    @Override
    public SplittableRandom random() {
      return random;
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    return new State(new SplittableRandom(TimeSeriesWorkload.mix(seed, threadId, 0xC0DEL)), threadId);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    if (load == null) {
      throw new IllegalStateException("the commands workload loads nothing unless " + LOAD + " is set (a template run"
          + " once per key, for example -p " + LOAD + "='SET __key__ __data__'); its runs need no load");
    }
    State s = (State) threadState;
    s.start(load, mix.size());
    s.keys[1] = load.prefix() + (insertStart + 1 + loadCounter.getAndIncrement());
    return send(db, load, s).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    int i = 0;
    if (mix.size() > 1) {
      double r = s.random.nextDouble() * cumulative[cumulative.length - 1];
      while (r >= cumulative[i] && i < cumulative.length - 1) {
        i++;
      }
    }
    s.start(mix.get(i), i);
    send(db, mix.get(i), s);
    return true;
  }

  private static site.ycsb.Status send(DB db, Entry e, State s) {
    if (!(db instanceof Commands commands)) {
      throw new IllegalStateException("the commands workload needs a binding that sends commands (redis, valkey,"
          + " keydb, dragonfly)");
    }
    byte[][] args = e.template().args(s);
    return commands.command(e.template().name(), e.template().keyed() ? s.key(1) : null, args);
  }
}
