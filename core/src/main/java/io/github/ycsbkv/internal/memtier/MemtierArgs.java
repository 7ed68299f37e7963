package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * memtier_benchmark 2.3's command line ({@code memtier_benchmark --help} is the reference), parsed as its
 * {@code getopt_long} parses it ({@code --name=value}, {@code --name value}, {@code -t 4}, {@code -t4}), and what it
 * asks for as ycsb-kv properties: the {@code commands} workload ({@code io.github.ycsbkv.workloads.CommandWorkload})
 * with memtier's key range, key patterns, command ratios sent in sequence and value sizes, on {@code -t} x {@code -c}
 * connections with {@code --pipeline} requests in flight on each.
 *
 * <p>An option memtier has and ycsb-kv does not honour yet is refused with one line naming it ({@link UserError},
 * exit 2), never ignored; an option memtier does not have is refused the same way. Immutable once parsed.
 */
public final class MemtierArgs {

  /** The workload class the options are run with (in the workloads module; named, not linked). */
  static final String WORKLOAD = "io.github.ycsbkv.workloads.CommandWorkload";

  /** One {@code --command} with the ratio and key pattern given after it. */
  record Command(String text, int ratio, char keyPattern) {}

  /** The server and how to reach it. */
  final MemtierServer server;
  final String binding;
  final String exportDir;
  final int runCount;
  final String outFile;
  final String jsonOutFile;
  /** {@code --hdr-file-prefix}: each run's latency histograms written to files of this prefix; null: none. */
  final String hdrFilePrefix;
  final boolean showConfig;
  final boolean hideHistogram;
  final List<Double> percentiles;
  final boolean printAllRuns;
  /** Requests per client; -1 for {@code allkeys}; 0 when {@code --test-time} rules. */
  final long requests;
  final int rateLimit;
  final int clients;
  final int threads;
  final int testTime;
  final int setRatio;
  final int getRatio;
  final int pipeline;
  final boolean distinctClientSeed;
  final boolean randomize;
  final List<Command> commands;
  final int dataSize;
  final String dataSizeRange;
  /** {@code --data-size-list} as given ({@code SIZE:WEIGHT,...}), or null. */
  final String dataSizeList;
  /** {@code --data-size-pattern}: R (a random size of the range) or S (the size by the key's place in the range). */
  final char dataSizePattern;
  /** {@code --expiry-range}'s bounds in seconds ({@code 0-0}: none). */
  final long[] expiryRange;
  final boolean randomData;
  final String keyPrefix;
  final long keyMinimum;
  final long keyMaximum;
  final char setPattern;
  final char getPattern;
  final double keyStddev;
  final double keyMedian;
  /**
   * {@code --key-zipf-exp}, the Z pattern's exponent, in (0, 5): as memtier, 1 where a Z pattern is given without it,
   * and 0 where neither is given (what memtier's configuration then says).
   */
  final double keyZipfExp;
  /** {@code --scan-incremental-iteration}, and its {@code --scan-incremental-max-iterations} (0: none). */
  final boolean scanIncremental;
  final int scanMaxIterations;
  /**
   * {@code --thread-conn-start-min-jitter-micros} and {@code -max-}: how long memtier sleeps between creating one
   * thread's clients, before any of them connects and before its test time starts (client.cpp, create_clients); the
   * measured run is the same with or without, and ycsb-kv, which opens every connection before its clock starts,
   * does not wait. Kept for the configuration, as memtier writes it.
   */
  final long[] connStartJitterMicros;
  /** {@code --reconnect-interval}: each connection reopened after this many requests; 0: never. */
  final long reconnectInterval;
  /** {@code --monitor-input}: the MONITOR file whose commands {@code __monitor_lineN__} names, or null. */
  final String monitorInput;
  /** {@code --monitor-pattern}: S (the file's next command) or R (a random one) for {@code __monitor_line@__}. */
  final char monitorPattern;
  /** {@code --wait-ratio}, {@code --num-slaves}, {@code --wait-timeout}. */
  final MemtierWaits waits;
  /**
   * The staircase ramp: {@code --clients-start}, {@code --clients-step} (per thread) and {@code --step-duration}
   * (seconds); all 0 without it.
   */
  final int clientsStart;
  final int clientsStep;
  final int stepDuration;
  final boolean help;
  final boolean version;
  /** The options as given, for the JSON's configuration. */
  final Map<String, String> given;
  /** Words that are no option, which memtier ignores (and this says). */
  final List<String> ignored;

  private MemtierArgs(Map<String, String> o, List<Command> commands, List<String> ignored) {
    given = o;
    this.ignored = List.copyOf(ignored);
    help = o.containsKey("help");
    version = o.containsKey("version");
    server = MemtierServer.of(o);
    binding = o.get("binding");
    if (binding != null && !Set.of("redis", "valkey", "keydb", "dragonfly").contains(binding)) {
      throw usage("--binding must be redis, valkey, keydb or dragonfly (a RESP store), got '" + binding + "'");
    }
    exportDir = o.get("export-dir");
    runCount = integer(o, "run-count", 1, 1);
    outFile = o.get("out-file");
    jsonOutFile = o.get("json-out-file");
    // memtier: an empty prefix is none.
    hdrFilePrefix = o.getOrDefault("hdr-file-prefix", "").isEmpty() ? null : o.get("hdr-file-prefix");
    String breakdown = o.get("command-stats-breakdown");
    if (breakdown != null && !breakdown.equalsIgnoreCase("command")) {
      if (!breakdown.equalsIgnoreCase("line")) {
        throw usage("--command-stats-breakdown must be 'command' or 'line' (as in memtier_benchmark), got '"
            + breakdown + "'");
      }
      throw notYet("--command-stats-breakdown=line", "ycsb-kv counts each command by its name, memtier's default"
          + " 'command'");
    }
    showConfig = o.containsKey("show-config");
    hideHistogram = o.containsKey("hide-histogram");
    percentiles = percentiles(o.getOrDefault("print-percentiles", "50,99,99.9"));
    printAllRuns = o.containsKey("print-all-runs");
    testTime = integer(o, "test-time", 0, 1);
    String n = o.get("requests");
    if (n != null && testTime > 0) {
      throw usage("--test-time and --requests are mutually exclusive (as in memtier_benchmark)");
    }
    requests = "allkeys".equals(n) ? -1 : n == null ? (testTime > 0 ? 0 : 10_000) : parseLong(n, "--requests", 1);
    rateLimit = integer(o, "rate-limiting", 0, 1);
    clients = integer(o, "clients", 50, 1);
    threads = integer(o, "threads", 4, 1);
    int[] ratio = ratio(o, commands);
    setRatio = ratio[0];
    getRatio = ratio[1];
    pipeline = integer(o, "pipeline", 1, 1);
    distinctClientSeed = o.containsKey("distinct-client-seed");
    randomize = o.containsKey("randomize");
    connStartJitterMicros = new long[] {
        o.containsKey("thread-conn-start-min-jitter-micros") ? parseLong(o.get("thread-conn-start-min-jitter-micros"),
            "--thread-conn-start-min-jitter-micros", 0) : 0,
        o.containsKey("thread-conn-start-max-jitter-micros") ? parseLong(o.get("thread-conn-start-max-jitter-micros"),
            "--thread-conn-start-max-jitter-micros", 0) : 0};
    reconnectInterval = o.containsKey("reconnect-interval") ? parseLong(o.get("reconnect-interval"),
        "--reconnect-interval", 1) : 0;
    if (reconnectInterval > 0 && server.cluster()) {
      throw usage("cluster mode does not support the --reconnect-interval option (as in memtier_benchmark)");
    }
    if (connStartJitterMicros[0] > connStartJitterMicros[1]) {
      throw usage("--thread-conn-start-min-jitter-micros (" + connStartJitterMicros[0] + ") cannot be greater than"
          + " --thread-conn-start-max-jitter-micros (" + connStartJitterMicros[1] + ") (as in memtier_benchmark)");
    }
    this.commands = List.copyOf(commands);
    checkCommands(o, commands);
    monitorInput = o.get("monitor-input");
    monitorPattern = MemtierChecks.monitorPattern(o, commands, monitorInput, server.cluster());
    waits = MemtierWaits.of(o, server.cluster(), !commands.isEmpty());
    clientsStart = integer(o, "clients-start", 0, 1);
    clientsStep = integer(o, "clients-step", 0, 1);
    stepDuration = integer(o, "step-duration", 0, 1);
    MemtierChecks.staircase(o, this);
    Values v = values(o);
    dataSize = v.size();
    dataSizeRange = v.range();
    dataSizeList = v.list();
    dataSizePattern = v.pattern();
    expiryRange = v.expiry();
    randomData = o.containsKey("random-data");
    keyPrefix = o.getOrDefault("key-prefix", "memtier-");
    keyMinimum = o.containsKey("key-minimum") ? parseLong(o.get("key-minimum"), "--key-minimum", 0) : 0;
    keyMaximum = o.containsKey("key-maximum") ? parseLong(o.get("key-maximum"), "--key-maximum", 1) : 10_000_000;
    if (keyMaximum < keyMinimum) {
      throw usage("--key-maximum (" + keyMaximum + ") must not be below --key-minimum (" + keyMinimum + ")");
    }
    String pattern = keyPattern(o);
    setPattern = pattern.charAt(0);
    getPattern = pattern.charAt(2);
    keyStddev = o.containsKey("key-stddev") ? parseDouble(o.get("key-stddev"), "--key-stddev") : Double.NaN;
    keyMedian = o.containsKey("key-median") ? parseDouble(o.get("key-median"), "--key-median") : Double.NaN;
    keyZipfExp = zipfExponent(o, setPattern == 'Z' || getPattern == 'Z'
        || commands.stream().anyMatch(c -> c.keyPattern() == 'Z'));
    scanIncremental = o.containsKey("scan-incremental-iteration") && checkScan(commands, pipeline, server.cluster());
    scanMaxIterations = integer(o, "scan-incremental-max-iterations", 0, 0);
    if (!Double.isNaN(keyStddev) || !Double.isNaN(keyMedian)) {
      String option = !Double.isNaN(keyStddev) ? "--key-stddev" : "--key-median";
      boolean gaussian = setPattern == 'G' || getPattern == 'G'
          || commands.stream().anyMatch(c -> c.keyPattern() == 'G');
      if (!gaussian) {
        throw usage(option + " shapes the G key pattern, which no --key-pattern or --command-key-pattern names");
      }
      if (!Double.isNaN(keyStddev) && !(keyStddev > 0)) {
        throw usage("--key-stddev must be above 0, got " + o.get("key-stddev"));
      }
      if (!Double.isNaN(keyMedian) && (keyMedian < keyMinimum || keyMedian > keyMaximum)) {
        throw usage("--key-median must be between --key-minimum and --key-maximum (" + keyMinimum + " and "
            + keyMaximum + "), got " + o.get("key-median"));
      }
    }
  }

  /** The values' sizes and expiries as given. */
  private record Values(int size, String range, String list, char pattern, long[] expiry) {}

  /** {@code -d}, {@code --data-size-range}, {@code --data-size-list}, {@code --data-size-pattern}, expiries. */
  private static Values values(Map<String, String> o) {
    String range = o.get("data-size-range");
    if (range != null && !range.matches("[1-9]\\d*-\\d+")) {
      throw usage("--data-size-range must be MIN-MAX with MIN >= 1, for example 32-1024, got '" + range + "'");
    }
    String list = o.get("data-size-list");
    if (list != null && !list.matches("\\d+:\\d+(,\\d+:\\d+)*")) {
      throw usage("--data-size-list must be SIZE:WEIGHT,..., for example 32:3,1024:1, got '" + list + "'");
    }
    int size = sizes(o, range, list);
    String sizePattern = o.getOrDefault("data-size-pattern", "R");
    if (!sizePattern.equals("R") && !sizePattern.equals("S")) {
      throw usage("--data-size-pattern must be R or S, got '" + sizePattern + "'");
    }
    char pattern = sizePattern.charAt(0);
    String expiry = o.getOrDefault("expiry-range", "0-0");
    if (!expiry.matches("\\d+-\\d+")) {
      throw usage("--expiry-range must be MIN-MAX in seconds, for example 10-60, got '" + expiry + "'");
    }
    long[] expiryRange = new long[] {parseLong(expiry.split("-")[0], "--expiry-range's MIN", 0),
        parseLong(expiry.split("-")[1], "--expiry-range's MAX", 0)};
    if (expiryRange[0] > expiryRange[1]) {
      throw usage("--expiry-range's MIN must not be above its MAX, got '" + expiry + "'");
    }
    if (expiryRange[0] == 0 && expiryRange[1] > 0) {
      // memtier sends a drawn 0 as a plain SET; the SETEX template here cannot.
      throw notYet("--expiry-range with MIN 0", "each SET is a SETEX of the drawn seconds: give MIN >= 1");
    }
    return new Values(size, range, list, pattern, expiryRange);
  }

  /** {@code --data-size} (default 32), checked against the range and the list as memtier checks them. */
  private static int sizes(Map<String, String> o, String range, String list) {
    if (o.containsKey("data-size") && (range != null || list != null)) {
      throw usage("--data-size cannot be used with --data-size-list or --data-size-range (as in memtier_benchmark)");
    }
    if (range != null && list != null) {
      throw usage("--data-size-list cannot be used with --data-size-range (as in memtier_benchmark)");
    }
    return integer(o, "data-size", 32, 1);
  }

  /** {@code --scan-incremental-iteration}'s conditions, as memtier_benchmark 2.3 checks them: true, or refused. */
  private static boolean checkScan(List<Command> commands, int pipeline, boolean cluster) {
    if (pipeline != 1) {
      throw usage("--scan-incremental-iteration requires --pipeline 1 (as in memtier_benchmark)");
    }
    if (cluster) {
      throw usage("--scan-incremental-iteration is not supported in cluster mode (as in memtier_benchmark)");
    }
    if (commands.size() != 1 || !commands.get(0).text().trim().toUpperCase(Locale.ROOT).matches("SCAN\\s+\\S.*")) {
      throw usage("--scan-incremental-iteration requires exactly one --command, a SCAN with its cursor (for example"
          + " --command \"SCAN 0 COUNT 10\"), as in memtier_benchmark");
    }
    return true;
  }

  /** {@code --ratio SET:GET}, checked: its two shares. */
  private static int[] ratio(Map<String, String> o, List<Command> commands) {
    String ratio = o.getOrDefault("ratio", "1:10");
    String[] parts = ratio.split(":", -1);
    if (parts.length != 2) {
      throw usage("--ratio must be SET:GET, for example 1:10, got '" + ratio + "'");
    }
    int set = parseInt(parts[0], "--ratio's SET part", 0);
    int get = parseInt(parts[1], "--ratio's GET part", 0);
    if (set + get == 0 && commands.isEmpty()) {
      throw usage("--ratio 0:0 sends nothing: give SET or GET a share, for example --ratio 1:10");
    }
    return new int[] {set, get};
  }

  /** With {@code --command}, memtier's rules for the commands' ratios and key patterns. */
  private static void checkCommands(Map<String, String> o, List<Command> commands) {
    if (!commands.isEmpty() && (o.containsKey("ratio") || o.containsKey("key-pattern"))) {
      throw usage("with --command, each command's ratio and key pattern are --command-ratio and"
          + " --command-key-pattern, not --" + (o.containsKey("ratio") ? "ratio" : "key-pattern")
          + " (as in memtier_benchmark)");
    }
    long parallel = commands.stream().filter(c -> c.keyPattern() == 'P').count();
    if (parallel > 0 && parallel != commands.size()) {
      throw usage("the parallel key pattern (P) must be given to every --command (as in memtier_benchmark)");
    }
  }

  /** {@code --key-zipf-exp}, checked as memtier checks it; where a Z pattern is used without it, memtier's 1. */
  private static double zipfExponent(Map<String, String> o, boolean zipfian) {
    if (!o.containsKey("key-zipf-exp")) {
      return zipfian ? 1.0 : 0.0;
    }
    double e = parseDouble(o.get("key-zipf-exp"), "--key-zipf-exp");
    if (!(e > 0 && e < 5)) {
      throw usage("--key-zipf-exp must be within (0, 5), above 0 and below 5, got " + o.get("key-zipf-exp"));
    }
    return e;
  }

  /** {@code --key-pattern SET:GET}, checked. */
  private static String keyPattern(Map<String, String> o) {
    String pattern = o.getOrDefault("key-pattern", "R:R");
    if (!pattern.matches("[RSGZP]:[RSGZP]")) {
      throw usage("--key-pattern must be SET:GET, each of R, S, G, Z or P, for example R:R, got '" + pattern + "'");
    }
    if ((pattern.charAt(0) == 'P') != (pattern.charAt(2) == 'P')) {
      throw usage("the parallel key pattern (P) must be given to both SET and GET, P:P (as in memtier_benchmark)");
    }
    return pattern;
  }

  /** Parses {@code args} as memtier_benchmark 2.3 does; a bad or unsupported option is a {@link UserError}. */
  public static MemtierArgs parse(List<String> args) {
    MemtierOptions.Given given = MemtierOptions.read(args);
    return new MemtierArgs(given.options(), given.commands(), given.ignored());
  }

  /** The binding's property prefix: {@code dragonfly} for Dragonfly, else {@code redis}. */
  static String prefix(String binding) {
    return binding.equals("dragonfly") ? "dragonfly" : "redis";
  }

  /** Total connections: {@code -t} x {@code -c}. */
  int connections() {
    return threads * clients;
  }

  /** Requests each client sends ({@code allkeys} resolved as memtier resolves it); 0 with {@code --test-time}. */
  long requestsPerClient() {
    if (requests >= 0) {
      return requests;
    }
    // memtier_benchmark.cpp: max - min per client, divided over the clients (+1) only for --key-pattern P:P (a
    // --command's P splits the range too, yet each client still sends max - min requests over its part).
    long all = keyMaximum - keyMinimum;
    long each = setPattern == 'P' && getPattern == 'P' ? all / connections() + 1 : all;
    // Then, as there: no requests and no test time is 10,000 requests. A range of one key (the specification's
    // preloads of one hash, set or list: --key-minimum 1 --key-maximum 1) is max - min = 0 requests.
    return each > 0 ? each : 10_000;
  }

  /** The run's properties on {@code bindingName}: the commands workload, the connections, the server's address. */
  Properties properties(String bindingName) {
    return MemtierProperties.of(this, bindingName);
  }

  private static List<Double> percentiles(String text) {
    List<Double> out = new ArrayList<>();
    for (String s : text.split(",")) {
      double v = parseDouble(s.trim(), "--print-percentiles");
      if (!(v > 0 && v <= 100)) {
        throw usage("--print-percentiles takes percentiles from 0 to 100, got '" + s.trim() + "'");
      }
      out.add(v);
    }
    return List.copyOf(out);
  }

  static int integer(Map<String, String> o, String name, int otherwise, int min) {
    return o.containsKey(name) ? parseInt(o.get(name), "--" + name, min) : otherwise;
  }

  static int parseInt(String s, String what, int min) {
    long v = parseLong(s, what, min);
    if (v > Integer.MAX_VALUE) {
      throw usage(what + " must be at most " + Integer.MAX_VALUE + ", got '" + s + "'");
    }
    return (int) v;
  }

  private static long parseLong(String s, String what, long min) {
    try {
      long v = Long.parseLong(s.trim());
      if (v >= min) {
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw usage(what + " must be a whole number >= " + min + ", got '" + s + "'");
  }

  private static double parseDouble(String s, String what) {
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      throw usage(what + " must be a number, got '" + s + "'");
    }
  }

  static String hidePassword(String uri) {
    return uri.replaceAll("//([^:@/]*):[^@/]*@", "//$1:***@").replaceAll("//([^:@/]+)@", "//***@");
  }

  static UserError usage(String message) {
    return new UserError(message);
  }

  static UserError notYet(String option, String why) {
    return new UserError(option + ": memtier_benchmark's option is not honoured by 'ycsb memtier' yet"
        + (why == null ? "" : " (" + why + ")") + "; drop it to run the rest, or run memtier_benchmark itself");
  }

  /**
   * The commands' types in memtier's order of its results' rows: each {@code --command}'s name (upper case), and for a
   * MONITOR line its command, for {@code __monitor_line@__} every command of the file in the file's order (as
   * memtier_benchmark.cpp sets its rows up: a line's type is its first quoted word).
   */
  List<String> commandTypes() {
    List<String> lines = new ArrayList<>();
    if (monitorInput != null) {
      try {
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of(monitorInput),
            java.nio.charset.StandardCharsets.ISO_8859_1)) {
          int open = line.indexOf('"');
          int close = open < 0 ? -1 : line.indexOf('"', open + 1);
          if (open >= 0) {
            lines.add(close < 0 ? "" : line.substring(open + 1, close).toUpperCase(Locale.ROOT));
          }
        }
      } catch (java.io.IOException e) {
        // Read before the run; the order then is the results' own.
      }
    }
    List<String> types = new ArrayList<>();
    for (Command c : commands) {
      String t = c.text().trim();
      if (t.equals("__monitor_line@__")) {
        lines.stream().filter(l -> !types.contains(l)).forEach(types::add);
      } else if (t.matches("__monitor_line[0-9]{1,9}__")) {
        int n = Integer.parseInt(t.substring(14, t.length() - 2));
        types.add(n <= lines.size() ? lines.get(n - 1) : "");
      } else {
        types.add(t.split("\\s+")[0].replace("\"", "").toUpperCase(Locale.ROOT));
      }
    }
    return List.copyOf(types);
  }

  /**
   * The names memtier's command list holds, for its table's type column: each command's type ({@link #commandTypes}),
   * and with a {@code __monitor_line@__} line its placeholder's {@code MONITOR_RANDOM} (memtier_benchmark.cpp).
   */
  List<String> commandNames() {
    List<String> names = new ArrayList<>(commandTypes());
    if (commands.stream().anyMatch(c -> c.text().trim().equals("__monitor_line@__"))) {
      names.add("MONITOR_RANDOM");
    }
    return names;
  }

  /** The JSON's {@code configuration}, with memtier's names and its shapes of the values. */
  Map<String, Object> configuration() {
    return MemtierConfiguration.of(this);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s:%d, %d threads x %d clients, pipeline %d", server.host(), server.port(),
        threads, clients, pipeline);
  }
}
