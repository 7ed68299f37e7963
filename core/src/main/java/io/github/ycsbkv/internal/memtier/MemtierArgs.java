package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  /** An option's names (long, and short or '\0') and whether it takes a value. */
  private record Spec(String longName, char shortName, boolean value) {}

  private static final List<Spec> SUPPORTED = List.of(
      new Spec("host", 'h', true), new Spec("server", 's', true), new Spec("port", 'p', true),
      new Spec("protocol", 'P', true), new Spec("authenticate", 'a', true), new Spec("uri", 'u', true),
      new Spec("tls", '\0', false), new Spec("cacert", '\0', true), new Spec("tls-skip-verify", '\0', false),
      new Spec("run-count", 'x', true), new Spec("cluster-mode", '\0', false), new Spec("help", '\0', false),
      new Spec("version", 'v', false), new Spec("out-file", 'o', true), new Spec("json-out-file", '\0', true),
      new Spec("show-config", '\0', false), new Spec("hide-histogram", '\0', false),
      new Spec("print-percentiles", '\0', true), new Spec("print-all-runs", '\0', false),
      new Spec("requests", 'n', true), new Spec("rate-limiting", '\0', true), new Spec("clients", 'c', true),
      new Spec("threads", 't', true), new Spec("test-time", '\0', true), new Spec("ratio", '\0', true),
      new Spec("pipeline", '\0', true), new Spec("select-db", '\0', true),
      new Spec("distinct-client-seed", '\0', false), new Spec("randomize", '\0', false),
      new Spec("command", '\0', true), new Spec("command-ratio", '\0', true),
      new Spec("command-key-pattern", '\0', true), new Spec("data-size", 'd', true),
      new Spec("random-data", 'R', false), new Spec("data-size-range", '\0', true),
      new Spec("key-prefix", '\0', true), new Spec("key-minimum", '\0', true), new Spec("key-maximum", '\0', true),
      new Spec("key-pattern", '\0', true), new Spec("key-stddev", '\0', true), new Spec("key-median", '\0', true),
      // ycsb-kv's own: the binding (else from the server's INFO) and where its own results go.
      new Spec("binding", '\0', true), new Spec("export-dir", '\0', true));

  /** memtier 2.3's options that ycsb-kv does not honour yet, with whether each takes a value. */
  private static final List<Spec> NOT_YET = List.of(
      new Spec("unix-socket", 'S', true), new Spec("ipv4", '4', false), new Spec("ipv6", '6', false),
      new Spec("cert", '\0', true), new Spec("key", '\0', true), new Spec("sni", '\0', true),
      new Spec("tls-protocols", '\0', true), new Spec("debug", 'D', false), new Spec("client-stats", '\0', true),
      new Spec("hdr-file-prefix", '\0', true), new Spec("command-stats-breakdown", '\0', true),
      new Spec("statsd-host", '\0', true), new Spec("statsd-port", '\0', true), new Spec("statsd-prefix", '\0', true),
      new Spec("statsd-run-label", '\0', true), new Spec("graphite-port", '\0', true),
      new Spec("clients-start", '\0', true), new Spec("clients-step", '\0', true),
      new Spec("step-duration", '\0', true), new Spec("reconnect-interval", '\0', true),
      new Spec("reconnect-on-error", '\0', false), new Spec("max-reconnect-attempts", '\0', true),
      new Spec("reconnect-backoff-factor", '\0', true), new Spec("connection-timeout", '\0', true),
      new Spec("thread-conn-start-min-jitter-micros", '\0', true),
      new Spec("thread-conn-start-max-jitter-micros", '\0', true), new Spec("multi-key-get", '\0', true),
      new Spec("monitor-input", '\0', true), new Spec("monitor-pattern", '\0', true),
      new Spec("scan-incremental-iteration", '\0', false), new Spec("scan-incremental-max-iterations", '\0', true),
      new Spec("data-offset", '\0', true), new Spec("data-size-list", '\0', true),
      new Spec("data-size-pattern", '\0', true), new Spec("expiry-range", '\0', true),
      new Spec("data-import", '\0', true), new Spec("data-verify", '\0', false), new Spec("verify-only", '\0', false),
      new Spec("generate-keys", '\0', false), new Spec("no-expiry", '\0', false), new Spec("key-zipf-exp", '\0', true),
      new Spec("wait-ratio", '\0', true), new Spec("num-slaves", '\0', true), new Spec("wait-timeout", '\0', true));

  /** One {@code --command} with the ratio and key pattern given after it. */
  record Command(String text, int ratio, char keyPattern) {}

  /** The server and how to reach it. */
  final MemtierServer server;
  final String binding;
  final String exportDir;
  final int runCount;
  final String outFile;
  final String jsonOutFile;
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
  final boolean randomData;
  final String keyPrefix;
  final long keyMinimum;
  final long keyMaximum;
  final char setPattern;
  final char getPattern;
  final double keyStddev;
  final double keyMedian;
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
    String ratio = o.getOrDefault("ratio", "1:10");
    String[] parts = ratio.split(":", -1);
    if (parts.length != 2) {
      throw usage("--ratio must be SET:GET, for example 1:10, got '" + ratio + "'");
    }
    setRatio = parseInt(parts[0], "--ratio's SET part", 0);
    getRatio = parseInt(parts[1], "--ratio's GET part", 0);
    if (setRatio + getRatio == 0 && commands.isEmpty()) {
      throw usage("--ratio 0:0 sends nothing: give SET or GET a share, for example --ratio 1:10");
    }
    pipeline = integer(o, "pipeline", 1, 1);
    distinctClientSeed = o.containsKey("distinct-client-seed");
    randomize = o.containsKey("randomize");
    this.commands = List.copyOf(commands);
    if (!commands.isEmpty() && (o.containsKey("ratio") || o.containsKey("key-pattern"))) {
      throw usage("with --command, each command's ratio and key pattern are --command-ratio and"
          + " --command-key-pattern, not --" + (o.containsKey("ratio") ? "ratio" : "key-pattern")
          + " (as in memtier_benchmark)");
    }
    long parallel = commands.stream().filter(c -> c.keyPattern() == 'P').count();
    if (parallel > 0 && parallel != commands.size()) {
      throw usage("the parallel key pattern (P) must be given to every --command (as in memtier_benchmark)");
    }
    dataSize = integer(o, "data-size", 32, 1);
    dataSizeRange = o.get("data-size-range");
    if (dataSizeRange != null && !dataSizeRange.matches("\\d+-\\d+")) {
      throw usage("--data-size-range must be MIN-MAX, for example 32-1024, got '" + dataSizeRange + "'");
    }
    randomData = o.containsKey("random-data");
    keyPrefix = o.getOrDefault("key-prefix", "memtier-");
    keyMinimum = o.containsKey("key-minimum") ? parseLong(o.get("key-minimum"), "--key-minimum", 0) : 0;
    keyMaximum = o.containsKey("key-maximum") ? parseLong(o.get("key-maximum"), "--key-maximum", 1) : 10_000_000;
    if (keyMaximum < keyMinimum) {
      throw usage("--key-maximum (" + keyMaximum + ") must not be below --key-minimum (" + keyMinimum + ")");
    }
    String pattern = o.getOrDefault("key-pattern", "R:R");
    if (!pattern.matches("[RSGZP]:[RSGZP]")) {
      throw usage("--key-pattern must be SET:GET, each of R, S, G, Z or P, for example R:R, got '" + pattern + "'");
    }
    setPattern = pattern.charAt(0);
    getPattern = pattern.charAt(2);
    if ((setPattern == 'P') != (getPattern == 'P')) {
      throw usage("the parallel key pattern (P) must be given to both SET and GET, P:P (as in memtier_benchmark)");
    }
    keyStddev = o.containsKey("key-stddev") ? parseDouble(o.get("key-stddev"), "--key-stddev") : Double.NaN;
    keyMedian = o.containsKey("key-median") ? parseDouble(o.get("key-median"), "--key-median") : Double.NaN;
    if (!Double.isNaN(keyStddev) || !Double.isNaN(keyMedian)) {
      throw notYet(o.containsKey("key-stddev") ? "--key-stddev" : "--key-median",
          "the Gaussian pattern's median and deviation are the range's middle and a sixth of it");
    }
  }

  /** Parses {@code args} as memtier_benchmark 2.3 does; a bad or unsupported option is a {@link UserError}. */
  public static MemtierArgs parse(List<String> args) {
    Map<String, String> options = new LinkedHashMap<>();
    List<Command> commands = new ArrayList<>();
    List<String> ignored = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      Spec spec;
      String value = null;
      if (arg.startsWith("--") && arg.length() > 2) {
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
        spec = find(name, '\0', arg);
        if (eq >= 0) {
          if (!spec.value()) {
            throw usage("--" + name + " takes no value, got '" + arg + "'");
          }
          value = arg.substring(eq + 1);
        }
      } else if (arg.startsWith("-") && arg.length() > 1 && !arg.equals("--")) {
        spec = find(null, arg.charAt(1), arg);
        if (arg.length() > 2) {
          if (!spec.value()) {
            throw usage("-" + arg.charAt(1) + " takes no value, got '" + arg + "' (give each flag on its own)");
          }
          value = arg.substring(2);
        }
      } else {
        // memtier_benchmark's getopt leaves words that are no option aside, and memtier ignores them: so does this,
        // saying so (a suite's nested quotes split a --command into such words).
        ignored.add(arg);
        continue;
      }
      if (spec.value() && value == null) {
        if (i + 1 >= args.size()) {
          throw usage("--" + spec.longName() + " needs a value");
        }
        value = args.get(++i);
      }
      switch (spec.longName()) {
        case "command" -> commands.add(new Command(value, 1, 'R'));
        case "command-ratio" -> {
          if (commands.isEmpty()) {
            throw usage("--command-ratio comes after the --command it belongs to");
          }
          Command last = commands.remove(commands.size() - 1);
          commands.add(new Command(last.text(), parseInt(value, "--command-ratio", 0), last.keyPattern()));
        }
        case "command-key-pattern" -> {
          if (commands.isEmpty()) {
            throw usage("--command-key-pattern comes after the --command it belongs to");
          }
          if (!value.matches("[RSGZP]")) {
            throw usage("--command-key-pattern must be R, S, G, Z or P, got '" + value + "'");
          }
          Command last = commands.remove(commands.size() - 1);
          commands.add(new Command(last.text(), last.ratio(), value.charAt(0)));
        }
        default -> options.put(spec.longName(), value == null ? "" : value);
      }
    }
    return new MemtierArgs(options, commands, ignored);
  }

  private static Spec find(String longName, char shortName, String arg) {
    for (Spec s : SUPPORTED) {
      if (longName != null ? s.longName().equals(longName) : s.shortName() == shortName) {
        return s;
      }
    }
    for (Spec s : NOT_YET) {
      if (longName != null ? s.longName().equals(longName) : s.shortName() == shortName) {
        throw notYet("--" + s.longName(), null);
      }
    }
    throw usage("unknown option '" + arg + "': memtier_benchmark 2.3 has no such option (see 'ycsb memtier --help')");
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
    return setPattern == 'P' && getPattern == 'P' ? all / connections() + 1 : all;
  }

  /** The run's properties on {@code bindingName}: the commands workload, the connections, the server's address. */
  Properties properties(String bindingName) {
    Properties p = new Properties();
    p.setProperty("workload", WORKLOAD);
    p.setProperty("threadcount", Integer.toString(connections()));
    if (pipeline > 1) {
      p.setProperty("pipeline", Integer.toString(pipeline));
    }
    p.setProperty("recordcount", Long.toString(keyMaximum - keyMinimum + 1));
    p.setProperty("command.keyminimum", Long.toString(keyMinimum));
    p.setProperty("command.sequence", "ratio");
    p.setProperty("command.distinctseeds", Boolean.toString(distinctClientSeed));
    if (randomize) {
      p.setProperty("command.seed", Long.toString(System.nanoTime()));
    }
    p.setProperty("command.valuesize", dataSizeRange != null ? dataSizeRange : Integer.toString(dataSize));
    if (testTime > 0) {
      p.setProperty("maxexecutiontime", Integer.toString(testTime));
      p.setProperty("operationcount", "0");
    } else {
      p.setProperty("operationcount", Long.toString(requestsPerClient() * connections()));
    }
    if (rateLimit > 0) {
      p.setProperty("target", Long.toString((long) rateLimit * connections()));
    }
    int n = 1;
    if (commands.isEmpty()) {
      if (setRatio > 0) {
        command(p, n++, "SET __key__ __data__", setRatio, setPattern);
      }
      if (getRatio > 0) {
        command(p, n, "GET __key__", getRatio, getPattern);
      }
    } else {
      for (Command c : commands) {
        command(p, n++, c.text(), c.ratio(), c.keyPattern());
      }
    }
    String b = prefix(bindingName);
    server.addTo(p, b);
    return p;
  }

  private void command(Properties p, int n, String text, int ratio, char pattern) {
    String at = "command." + n;
    p.setProperty(at, text);
    p.setProperty(at + ".ratio", Integer.toString(ratio));
    p.setProperty(at + ".keyprefix", keyPrefix);
    p.setProperty(at + ".keypattern", switch (pattern) {
      case 'S' -> "sequential";
      case 'G' -> "gaussian";
      case 'Z' -> "zipfian";
      case 'P' -> "parallel";
      default -> "uniform";
    });
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

  /** For messages: the option names ycsb memtier honours, sorted. */
  static List<String> supportedNames() {
    return SUPPORTED.stream().map(s -> "--" + s.longName()).sorted().toList();
  }

  /** The JSON's {@code configuration}, with memtier's names and its shapes of the values. */
  Map<String, Object> configuration() {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("server", server.host());
    c.put("port", server.port());
    c.put("uri", given.containsKey("uri") ? hidePassword(given.get("uri")) : "");
    c.put("protocol", given.getOrDefault("protocol", "redis"));
    c.put("tls", server.tls());
    c.put("cacert", server.caCert() == null ? "None" : server.caCert());
    c.put("tls_skip_verify", server.tlsSkipVerify());
    c.put("run_count", runCount);
    c.put("requests", requests < 0 ? requestsPerClient() : requests);
    c.put("rate_limit", rateLimit);
    c.put("clients", clients);
    c.put("threads", threads);
    c.put("test_time", testTime);
    c.put("ratio", setRatio + ":" + getRatio);
    c.put("pipeline", pipeline);
    c.put("data_size", dataSize);
    c.put("random_data", randomData);
    c.put("data_size_range", dataSizeRange == null ? "0:0" : dataSizeRange.replace('-', ':'));
    c.put("key_prefix", keyPrefix);
    c.put("key_minimum", keyMinimum);
    c.put("key_maximum", keyMaximum);
    c.put("key_pattern", setPattern + ":" + getPattern);
    c.put("authenticate", server.password() == null ? "" : "***");
    c.put("select-db", server.db());
    c.put("cluster_mode", server.cluster());
    c.put("distinct_client_seed", distinctClientSeed);
    c.put("randomize", randomize);
    return c;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s:%d, %d threads x %d clients, pipeline %d", server.host(), server.port(),
        threads, clients, pipeline);
  }
}
