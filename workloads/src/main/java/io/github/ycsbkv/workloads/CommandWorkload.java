package io.github.ycsbkv.workloads;

import io.github.ycsbkv.spi.Commands;
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
 * {@code command.valuesize} random letters (N or N-M, default 32; of N-M a random size, or with
 * {@code command.valuesize.pattern=key} the size by the key's place in the key range, the connection's part of it
 * under the parallel pattern, as memtier's {@code --data-size-pattern S}), or of the sizes
 * {@code command.valuesize.list=SIZE:WEIGHT,...} in turn (each connection sends the first size WEIGHT times, then the
 * next, and so round: memtier's {@code --data-size-list}); {@link ValueSizes} sizes them, and
 * {@link CommandTemplate} lists the placeholders. A command may also be a line of a MONITOR output file,
 * {@code command.monitor.file=PATH}: {@code __monitor_line3__} its third command, {@code __monitor_line@__} each
 * operation the file's next command ({@code command.monitor.pattern=sequential}, one sequence for every connection) or
 * a random one ({@code random}), as memtier_benchmark's {@code --monitor-input} ({@link MonitorLines}).
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
  /**
   * {@code ycsb} (default): the template's placeholders as {@link CommandTemplate} lists them; {@code memtier}: read as
   * memtier_benchmark reads a {@code --command} (each {@code __key__} word a key of its own, only {@code __key__} and
   * {@code __data__} placeholders).
   */
  public static final String COMMAND_N_SYNTAX = "command.*.syntax";
  public static final String LOAD_KEY_PREFIX = "command.load.keyprefix";
  public static final String LOAD_NAME = "command.load.name";
  public static final String FILE = "commands.file";
  public static final String LOAD = "command.load";
  public static final String VALUE_SIZE = "command.valuesize";
  /** {@code random} (default): a random size of {@link #VALUE_SIZE}'s range; {@code key}: by the key's place. */
  public static final String VALUE_SIZE_PATTERN = "command.valuesize.pattern";
  /** Sizes with weights, {@code SIZE:WEIGHT,...}, sent in turn on each connection (instead of the range). */
  public static final String VALUE_SIZE_LIST = "command.valuesize.list";
  public static final String SEED = "command.seed";
  /** The first key number (default 1): keys are numbered from it, {@code recordcount} of them (memtier's range). */
  public static final String KEY_MINIMUM = "command.keyminimum";
  /** The gaussian key pattern's median, a key number (default: the middle of the range; memtier's --key-median). */
  public static final String GAUSSIAN_MEDIAN = "command.gaussian.median";
  /** The gaussian key pattern's standard deviation (default: a sixth of the range; memtier's --key-stddev). */
  public static final String GAUSSIAN_STDDEV = "command.gaussian.stddev";
  /**
   * The zipfian key pattern's exponent, in (0, 5): keys drawn in proportion to their own number to the minus this, as
   * memtier's Z with its {@code --key-zipf-exp} ({@link PowerLawKeys}). Not given: YCSB's zipfian generator (constant
   * 0.99 over 1..recordcount).
   */
  public static final String ZIPFIAN_EXPONENT = "command.zipfian.exponent";
  /**
   * {@code random} (default): each operation's command drawn by its weight; {@code ratio}: each connection sends
   * command 1 ratio-1 times in a row, then command 2 ratio-2 times, and so round, as memtier_benchmark sends its
   * {@code --command-ratio} and {@code --ratio} (whole ratios).
   */
  public static final String SEQUENCE = "command.sequence";
  /**
   * {@code true} (default): each connection draws its own random keys; {@code false}: every connection draws the same
   * sequence from {@code command.seed}, as memtier_benchmark's clients do without {@code --distinct-client-seed}.
   */
  public static final String DISTINCT_SEEDS = "command.distinctseeds";
  public static final String DEFAULT_KEY_PREFIX = "key:";
  /**
   * {@code true}: the one command, a {@code SCAN}, follows its cursor on each connection as memtier's
   * {@code --scan-incremental-iteration} does: {@code SCAN 0 ...} first, then {@code SCAN <cursor> ...} with the cursor
   * of the reply before, until it is 0 (or an error reply) and round again; recorded as {@code SCAN-0} and
   * {@code SCAN-CURSOR} (memtier's {@code SCAN 0} and {@code SCAN <cursor>}: a histogram log's tags hold no spaces).
   * One request in flight per connection ({@link IncrementalScan}).
   */
  public static final String SCAN_INCREMENTAL = "command.scan.incremental";
  /** With {@link #SCAN_INCREMENTAL}: at most this many SCANs with a cursor before starting at 0 again (0: no bound). */
  public static final String SCAN_MAX_ITERATIONS = "command.scan.maxiterations";
  /** A MONITOR output file whose lines commands name, {@code __monitor_line3__} or {@code __monitor_line@__}. */
  public static final String MONITOR_FILE = MonitorLines.FILE;
  /** {@code sequential} (default) or {@code random}: which line {@code __monitor_line@__} sends. */
  public static final String MONITOR_PATTERN = MonitorLines.PATTERN;
  /** {@code SETS:WAITS}: a WAIT between the operations, as memtier's {@code --wait-ratio} ({@link WaitInterleave}). */
  public static final String WAIT_RATIO = WaitInterleave.RATIO;
  public static final String WAIT_REPLICAS = WaitInterleave.REPLICAS;
  public static final String WAIT_TIMEOUT = WaitInterleave.TIMEOUT;

  private final List<CommandMix.Entry> mix = new ArrayList<>();
  private double[] cumulative;
  private CommandMix.Entry load;
  private ValueSizes sizes;
  private int fieldCount;
  private long seed;
  private long insertStart;
  private long keyCount;
  /** Added to a key pattern's number (1..recordcount): {@code command.keyminimum - 1}. */
  private long keyOffset;
  private boolean inRatioSequence;
  private boolean distinctSeeds;
  /** The SCAN that follows its cursor, or null. */
  private IncrementalScan scan;
  /** The WAITs sent between operations, or null. */
  private WaitInterleave waits;
  private final AtomicLong loadCounter = new AtomicLong();

  @Override
  public boolean checksValues() {
    return false;
  }

  @Override
  public boolean pipelineSafe() {
    return true;
  }

  /** The commands that keep state on their connection for the ones after them: a transaction's. */
  private static final java.util.Set<String> TRANSACTION = java.util.Set.of("MULTI", "EXEC", "DISCARD", "WATCH",
      "UNWATCH");

  /**
   * memtier sends each connection's commands in their order on it, so a WATCH, MULTI, SET, EXEC mix is a transaction
   * per connection; with several clients' operations on a connection they would interleave ({@code EXEC without
   * MULTI}).
   */
  @Override
  public String keepsConnectionState() {
    java.util.TreeSet<String> names = new java.util.TreeSet<>();
    for (CommandMix.Entry e : mix) {
      String name = e.template().name().toUpperCase(java.util.Locale.ROOT);
      if (TRANSACTION.contains(name)) {
        names.add(name);
      }
    }
    return names.isEmpty() ? null : String.join(", ", names);
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
    keyCount = keys;
    keyOffset = Long.parseLong(p.getProperty(KEY_MINIMUM, "1").trim()) - 1;
    if (keyOffset < -1) {
      throw new WorkloadException("property '" + KEY_MINIMUM + "' must be >= 0, got '" + p.getProperty(KEY_MINIMUM)
          + "'");
    }
    String sequence = p.getProperty(SEQUENCE, "random").trim();
    if (!sequence.equals("random") && !sequence.equals("ratio")) {
      throw new WorkloadException("property '" + SEQUENCE + "' must be random or ratio, got '" + sequence + "'");
    }
    inRatioSequence = sequence.equals("ratio");
    distinctSeeds = !"false".equalsIgnoreCase(p.getProperty(DISTINCT_SEEDS, "true").trim());
    sizes = ValueSizes.of(p);
    String defaultPattern = p.getProperty("requestdistribution", "uniform");
    if (!List.of("uniform", "zipfian", "gaussian", "sequential", "parallel").contains(defaultPattern.trim())) {
      defaultPattern = "uniform"; // CoreWorkload's other distributions (latest, hotspot) are not key patterns here
    }
    CommandMix given = new CommandMix(p, keys, defaultPattern);
    mix.addAll(given.commands());
    cumulative = CommandMix.cumulative(mix, inRatioSequence);
    scan = IncrementalScan.of(p, mix.size(), mix.get(0).template());
    waits = WaitInterleave.of(p);
    if (waits != null && (scan != null || CommandMix.cluster(p))) {
      throw new WorkloadException(WAIT_RATIO + " is not sent " + (scan != null ? "with an incremental SCAN"
          : "on a cluster (as memtier refuses --wait-ratio in cluster mode)"));
    }
    String loadText = p.getProperty(LOAD);
    load = loadText == null || loadText.isBlank() ? null : given.entry(LOAD, loadText, "sequential", 1);
  }

  /**
   * One connection's own draws, as each of memtier_benchmark's clients has them: its random source, its sequential
   * keys' positions, its part of the key range for parallel patterns (memtier's P), its place in the ratio sequence.
   */
  private final class Client {
    final SplittableRandom random;
    final long[][] sequences;
    final long partStart;
    final long partSize;
    /** In {@code command.sequence=ratio}: the command being repeated, and how many times it has been sent. */
    int current;
    long sentOfCurrent;
    /** Its SETs and WAITs so far ({@link WaitInterleave}). */
    long setsSent;
    long waitsSent;
    /** Its place in {@link #VALUE_SIZE_LIST}. */
    final ValueSizes.Turn sizes = new ValueSizes.Turn();

    /** Connection {@code index} of {@code total}. */
    Client(int index, int total) {
      random = new SplittableRandom(TimeSeriesWorkload.mix(seed, distinctSeeds ? index : 0, 0xC0DEL));
      sequences = new long[mix.size() + 1][];
      for (int i = 0; i < sequences.length; i++) {
        sequences[i] = new long[1]; // as memtier's S: each connection from the first key
      }
      // memtier's P (client.cpp): (max - min) / clients + 1 keys each, the last client up to the maximum.
      long part = (keyCount - 1) / total + 1;
      long start = Math.min(keyCount, part * index);
      partStart = start + 1;
      partSize = index == total - 1 ? keyCount - start : Math.min(part, keyCount - start);
    }
  }

  /**
   * A workload thread's state: the connections it serves (one for a thread per client; a driver thread's several,
   * taking turns), the current operation's command and its keys, and what the template fills in.
   */
  private final class State implements CommandTemplate.Fill {
    final Client[] clients;
    int turn;
    Client client;
    SplittableRandom random;
    /** The current operation's command, the template it sends, and its keys drawn so far (index 1: __key__). */
    CommandMix.Entry entry;
    CommandTemplate template;
    int sequence;
    /** Grown for a command of more keys (memtier's syntax: an MGET of 100 keys has 100). */
    String[] keys = new String[10];
    /** The incremental SCAN's iterations of this thread's connections. */
    final IncrementalScan.Iterations iterations = new IncrementalScan.Iterations();
    /** The number of the current operation's key 1 (1..recordcount). */
    long keyNumber;

    State(Client[] clients) {
      this.clients = clients;
      this.client = clients[0];
      this.random = client.random;
    }

    /** The connection whose turn it is, made current. */
    Client next() {
      client = clients[turn];
      turn = turn + 1 == clients.length ? 0 : turn + 1;
      random = client.random;
      return client;
    }

    @Override
    public String key(int n) {
      if (n >= keys.length) {
        keys = java.util.Arrays.copyOf(keys, Math.max(n + 1, 2 * keys.length));
      }
      if (keys[n] == null) {
        long number;
        long[] position = client.sequences[sequence];
        if (entry.parallel() && client.partSize > 0) {
          number = client.partStart + Long.remainderUnsigned(position[0]++, client.partSize);
        } else {
          number = entry.keys().next(random, position);
        }
        keys[n] = entry.prefix() + (number + keyOffset);
        if (n == 1) {
          keyNumber = number;
        }
      }
      return keys[n];
    }

    /**
     * The key's place in its range, 0 to 1, for a size by key: under P the connection's own part (memtier's client.cpp
     * sets each client's range to its part); NaN without a key or with a range of one key.
     */
    private double place() {
      boolean part = entry.parallel() && client.partSize > 0;
      long first = part ? client.partStart : 1;
      long span = (part ? client.partSize : keyCount) - 1;
      if (!template.keyed() || span < 1) {
        return Double.NaN;
      }
      key(1);
      return (keyNumber - first) / (double) span;
    }

    /** Starts an operation of {@code e}: its keys are drawn as its template asks for them. */
    void start(CommandMix.Entry e, int sequenceIndex) {
      entry = e;
      template = e.lines() == null ? e.template() : e.lines().pick(random);
      sequence = sequenceIndex;
      java.util.Arrays.fill(keys, null);
    }

    /**
     * Random letters of the largest size, made once per thread; each value is its first bytes after one more of them
     * changed, as memtier_benchmark makes its values (one buffer, a byte changed per request): drawing every byte of
     * every value cost more than sending it (4 KiB values: 3.7x memtier's client CPU per request).
     */
    private byte[] letters;
    private int changed;

    @Override
    public byte[] data() {
      int size = sizes.size(client.sizes, random, sizes.byKey() ? place() : Double.NaN);
      if (letters == null) {
        // From a source of its own: the connections' draws of keys stay as they were (one seed: the same keys).
        letters = CacheWorkload.letters(new SplittableRandom(seed ^ 0x5EEDL), sizes.largest());
      }
      if (letters.length > 0) {
        changed = changed + 1 < letters.length ? changed + 1 : 0;
        letters[changed] = (byte) ('a' + (letters[changed] - 'a' + 1) % 26);
      }
      return java.util.Arrays.copyOf(letters, size);
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
    // A driver thread serves several connections: each gets its own draws, as a thread of its own would.
    int total = Math.max(threadCount, Integer.parseInt(p.getProperty("threadcount", "1").trim()));
    int base = total / threadCount;
    int extra = total % threadCount;
    int first = threadId * base + Math.min(threadId, extra);
    Client[] clients = new Client[base + (threadId < extra ? 1 : 0)];
    for (int i = 0; i < clients.length; i++) {
      clients[i] = new Client(first + i, total);
    }
    return new State(clients);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    if (load == null) {
      throw new IllegalStateException("the commands workload loads nothing unless " + LOAD + " is set (a template run"
          + " once per key, for example -p " + LOAD + "='SET __key__ __data__'); its runs need no load");
    }
    State s = (State) threadState;
    s.next();
    s.start(load, mix.size());
    s.keys[1] = load.prefix() + (insertStart + 1 + keyOffset + loadCounter.getAndIncrement());
    return send(db, s).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    int i = 0;
    Client c = s.next();
    if (waits != null && waits.due(c.setsSent, c.waitsSent)) {
      c.waitsSent++;
      commands(db).command("WAIT", null, waits.args(c.random));
      return true;
    }
    if (inRatioSequence) {
      while (c.sentOfCurrent >= (long) mix.get(c.current).weight()) {
        c.current = (c.current + 1) % mix.size();
        c.sentOfCurrent = 0;
      }
      c.sentOfCurrent++;
      i = c.current;
    } else if (mix.size() > 1) {
      double r = s.random.nextDouble() * cumulative[cumulative.length - 1];
      while (r >= cumulative[i] && i < cumulative.length - 1) {
        i++;
      }
    }
    s.start(mix.get(i), i);
    if (waits != null && s.template.name().equals("SET")) {
      c.setsSent++;
    }
    if (scan != null) {
      scan.send(commands(db), mix.get(0).template().args(s), s.iterations);
    } else {
      send(db, s);
    }
    return true;
  }

  private static Commands commands(DB db) {
    if (!(db instanceof Commands commands)) {
      throw new IllegalStateException("the commands workload needs a binding that sends commands (redis, valkey,"
          + " keydb, dragonfly)");
    }
    return commands;
  }

  private static site.ycsb.Status send(DB db, State s) {
    CommandTemplate t = s.template;
    return commands(db).command(t.name(), t.keyed() ? s.key(1) : null, t.args(s));
  }
}
