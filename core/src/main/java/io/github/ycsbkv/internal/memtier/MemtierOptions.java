package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * memtier_benchmark 2.3's options by name, and a command line read as its {@code getopt_long} reads it
 * ({@code --name=value}, {@code --name value}, {@code -t 4}, {@code -t4}): each option ycsb memtier honours with its
 * value, the {@code --command}s with the ratio and key pattern given after each, and the words that are no option.
 * An option memtier has that ycsb-kv does not honour yet, or one memtier does not have, is a {@link UserError}.
 * Stateless.
 */
final class MemtierOptions {

  /** An option's names (long, and short or '\0') and whether it takes a value. */
  private record Spec(String longName, char shortName, boolean value) {}

  private static final List<Spec> SUPPORTED = List.of(
      new Spec("host", 'h', true), new Spec("server", 's', true), new Spec("port", 'p', true),
      new Spec("protocol", 'P', true), new Spec("authenticate", 'a', true), new Spec("uri", 'u', true),
      new Spec("tls", '\0', false), new Spec("cacert", '\0', true), new Spec("tls-skip-verify", '\0', false),
      new Spec("cert", '\0', true), new Spec("key", '\0', true), new Spec("sni", '\0', true),
      new Spec("tls-protocols", '\0', true),
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
      new Spec("key-zipf-exp", '\0', true), new Spec("data-size-list", '\0', true), new Spec("data-size-pattern", '\0', true),
      new Spec("expiry-range", '\0', true), new Spec("scan-incremental-iteration", '\0', false),
      new Spec("scan-incremental-max-iterations", '\0', true),
      new Spec("thread-conn-start-min-jitter-micros", '\0', true),
      new Spec("thread-conn-start-max-jitter-micros", '\0', true), new Spec("reconnect-interval", '\0', true),
      new Spec("monitor-input", '\0', true), new Spec("monitor-pattern", '\0', true),
      new Spec("wait-ratio", '\0', true), new Spec("num-slaves", '\0', true), new Spec("wait-timeout", '\0', true),
      new Spec("clients-start", '\0', true), new Spec("clients-step", '\0', true),
      new Spec("step-duration", '\0', true), new Spec("hdr-file-prefix", '\0', true),
      new Spec("command-stats-breakdown", '\0', true),
      // ycsb-kv's own: the binding (else from the server's INFO) and where its own results go.
      new Spec("binding", '\0', true), new Spec("export-dir", '\0', true));

  /** memtier 2.3's options that ycsb-kv does not honour yet, with whether each takes a value. */
  private static final List<Spec> NOT_YET = List.of(
      new Spec("unix-socket", 'S', true), new Spec("ipv4", '4', false), new Spec("ipv6", '6', false),
      new Spec("debug", 'D', false), new Spec("client-stats", '\0', true),
      new Spec("statsd-host", '\0', true), new Spec("statsd-port", '\0', true), new Spec("statsd-prefix", '\0', true),
      new Spec("statsd-run-label", '\0', true), new Spec("graphite-port", '\0', true),
      new Spec("reconnect-on-error", '\0', false), new Spec("max-reconnect-attempts", '\0', true),
      new Spec("reconnect-backoff-factor", '\0', true), new Spec("connection-timeout", '\0', true),
      new Spec("multi-key-get", '\0', true),
      new Spec("data-offset", '\0', true),
      new Spec("data-import", '\0', true), new Spec("data-verify", '\0', false), new Spec("verify-only", '\0', false),
      new Spec("generate-keys", '\0', false), new Spec("no-expiry", '\0', false));

  /**
   * A command line as read.
   *
   * @param options each option given by its long name, with its value ("" for a flag)
   * @param commands the {@code --command}s in order
   * @param ignored the words that are no option
   */
  record Given(Map<String, String> options, List<MemtierArgs.Command> commands, List<String> ignored) {}

  private MemtierOptions() {}

  /** {@code args} read as memtier_benchmark 2.3 reads them. */
  static Given read(List<String> args) {
    Map<String, String> options = new LinkedHashMap<>();
    List<MemtierArgs.Command> commands = new ArrayList<>();
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
            throw MemtierArgs.usage("--" + name + " takes no value, got '" + arg + "'");
          }
          value = arg.substring(eq + 1);
        }
      } else if (arg.startsWith("-") && arg.length() > 1 && !arg.equals("--")) {
        spec = find(null, arg.charAt(1), arg);
        if (arg.length() > 2) {
          if (!spec.value()) {
            throw MemtierArgs.usage("-" + arg.charAt(1) + " takes no value, got '" + arg
                + "' (give each flag on its own)");
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
          throw MemtierArgs.usage("--" + spec.longName() + " needs a value");
        }
        value = args.get(++i);
      }
      if (!commandPart(commands, spec.longName(), value)) {
        options.put(spec.longName(), value == null ? "" : value);
      }
    }
    return new Given(options, commands, ignored);
  }

  /** A {@code --command}, or its ratio or key pattern, added to {@code commands}; false for any other option. */
  private static boolean commandPart(List<MemtierArgs.Command> commands, String name, String value) {
    switch (name) {
      case "command" -> commands.add(new MemtierArgs.Command(value, 1, 'R'));
      case "command-ratio" -> {
        if (commands.isEmpty()) {
          throw MemtierArgs.usage("--command-ratio comes after the --command it belongs to");
        }
        MemtierArgs.Command last = commands.remove(commands.size() - 1);
        commands.add(new MemtierArgs.Command(last.text(), MemtierArgs.parseInt(value, "--command-ratio", 0),
            last.keyPattern()));
      }
      case "command-key-pattern" -> {
        if (commands.isEmpty()) {
          throw MemtierArgs.usage("--command-key-pattern comes after the --command it belongs to");
        }
        if (!value.matches("[RSGZP]")) {
          throw MemtierArgs.usage("--command-key-pattern must be R, S, G, Z or P, got '" + value + "'");
        }
        MemtierArgs.Command last = commands.remove(commands.size() - 1);
        commands.add(new MemtierArgs.Command(last.text(), last.ratio(), value.charAt(0)));
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private static Spec find(String longName, char shortName, String arg) {
    for (Spec s : SUPPORTED) {
      if (longName != null ? s.longName().equals(longName) : s.shortName() == shortName) {
        return s;
      }
    }
    for (Spec s : NOT_YET) {
      if (longName != null ? s.longName().equals(longName) : s.shortName() == shortName) {
        if (s.longName().equals("multi-key-get")) {
          throw MemtierArgs.usage("--multi-key-get: memtier_benchmark 2.3 sends multi-key gets over its memcache"
              + " protocols only (over RESP it aborts with 'multi get not implemented for redis yet'); for an MGET"
              + " give --command \"MGET __key__ __key__\" (each __key__ a key of its own, as memtier draws them)");
        }
        throw MemtierArgs.notYet("--" + s.longName(), null);
      }
    }
    throw MemtierArgs.usage("unknown option '" + arg + "': memtier_benchmark 2.3 has no such option"
        + " (see 'ycsb memtier --help')");
  }

  /** For messages: the option names ycsb memtier honours, sorted. */
  static List<String> supportedNames() {
    return SUPPORTED.stream().map(s -> "--" + s.longName()).sorted().toList();
  }
}
