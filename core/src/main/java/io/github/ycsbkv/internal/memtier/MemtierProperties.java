package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.EngineProperties;
import java.util.Properties;

/**
 * A memtier_benchmark command line ({@link MemtierArgs}) as the ycsb-kv properties that run it: the {@code commands}
 * workload with memtier's key range, key patterns, command ratios sent in sequence and value sizes, on {@code -t} x
 * {@code -c} connections set up as memtier sets them up, with {@code --pipeline} requests in flight on each.
 * Stateless.
 */
final class MemtierProperties {

  private MemtierProperties() {}

  /** How long a reply may take, in milliseconds (the binding's {@code timeout}; memtier_benchmark has none). */
  static final int REPLY_TIMEOUT_MILLIS = 60_000;

  /** The run's properties on {@code bindingName}: the commands workload, the connections, the server's address. */
  static Properties of(MemtierArgs a, String bindingName) {
    Properties p = new Properties();
    p.setProperty("workload", MemtierArgs.WORKLOAD);
    p.setProperty(io.github.ycsbkv.spi.WireBytes.PROPERTY, "true"); // memtier's KB/sec
    p.setProperty("threadcount", Integer.toString(a.connections()));
    if (a.pipeline > 1) {
      p.setProperty("pipeline", Integer.toString(a.pipeline));
    }
    // Connections set up as memtier's are: AUTH and SELECT only.
    p.setProperty(MemtierArgs.prefix(bindingName) + ".handshake", "minimal");
    // memtier_benchmark waits for every reply (it has no reply timeout): a store that falls behind under a large
    // preload answers late, not never. A minute, where the bindings' default of 2 s failed a Dragonfly cluster's
    // preload of 10M keys on two cores.
    p.setProperty(MemtierArgs.prefix(bindingName) + ".timeout", Integer.toString(REPLY_TIMEOUT_MILLIS));
    // At the end of --test-time memtier stops sending and waits for every reply in flight, so the replies of slow
    // commands still count (Dragonfly's BITPOS over 100M bits: 12 ms each, 1,000 in flight). As long as a reply may
    // take, and then some, instead of the engine's 10 s after which what is in flight is abandoned.
    p.setProperty(EngineProperties.STOP_GRACE, Integer.toString(REPLY_TIMEOUT_MILLIS / 1000 + 5));
    if (a.reconnectInterval > 0) {
      p.setProperty(MemtierArgs.prefix(bindingName) + ".reconnect.every", Long.toString(a.reconnectInterval));
    }
    // memtier's JSON gives each second's figures (its Time-Serie): the engine's intervals of one second.
    p.setProperty(EngineProperties.STATUS_INTERVAL, "1");
    p.setProperty("recordcount", Long.toString(a.keyMaximum - a.keyMinimum + 1));
    p.setProperty("command.keyminimum", Long.toString(a.keyMinimum));
    if (!Double.isNaN(a.keyMedian)) {
      p.setProperty("command.gaussian.median", Double.toString(a.keyMedian));
    }
    if (!Double.isNaN(a.keyStddev)) {
      p.setProperty("command.gaussian.stddev", Double.toString(a.keyStddev));
    }
    if (a.keyZipfExp > 0) {
      // memtier's Z: each key drawn in proportion to its own number to the minus the exponent (1 unless given).
      p.setProperty("command.zipfian.exponent", Double.toString(a.keyZipfExp));
    }
    p.setProperty("command.sequence", "ratio");
    p.setProperty("command.distinctseeds", Boolean.toString(a.distinctClientSeed));
    if (a.randomize) {
      p.setProperty("command.seed", Long.toString(System.nanoTime()));
    }
    p.setProperty("command.valuesize", a.dataSizeRange != null ? a.dataSizeRange : Integer.toString(a.dataSize));
    if (a.dataSizeList != null) {
      p.setProperty("command.valuesize.list", a.dataSizeList);
    }
    if (a.dataSizeRange != null && a.dataSizePattern == 'S') {
      p.setProperty("command.valuesize.pattern", "key");
    }
    if (a.testTime > 0) {
      p.setProperty("maxexecutiontime", Integer.toString(a.testTime));
      p.setProperty("operationcount", "0");
    } else {
      p.setProperty("operationcount", Long.toString(a.requestsPerClient() * a.connections()));
    }
    if (a.clientsStart > 0 && a.rateLimit > 0) {
      p.setProperty("target", rateSteps(a));
    } else if (a.clientsStart > 0) {
      // memtier's steps are per thread: each of its -t threads starts --clients-start and adds --clients-step.
      p.setProperty("staircase", (long) a.clientsStart * a.threads + "+" + (long) a.clientsStep * a.threads + "@"
          + a.stepDuration + "s");
    } else if (a.rateLimit > 0) {
      p.setProperty("target", Long.toString((long) a.rateLimit * a.connections()));
    }
    int n = 1;
    if (a.commands.isEmpty()) {
      if (a.setRatio > 0) {
        // memtier's SET with an expiry is SETEX key seconds value (protocol.cpp), counted as a SET.
        command(p, n++, a.expiryRange[1] == 0 ? "SET __key__ __data__"
            : "SETEX __key__ __int(" + a.expiryRange[0] + "," + a.expiryRange[1] + ")__ __data__", a.setRatio,
            a.setPattern, a.keyPrefix);
        p.setProperty("command." + (n - 1) + ".name", "SET");
      }
      if (a.getRatio > 0) {
        command(p, n, "GET __key__", a.getRatio, a.getPattern, a.keyPrefix);
      }
    } else {
      for (MemtierArgs.Command c : a.commands) {
        // Read as memtier reads a --command: each __key__ word a key of its own (MGET __key__ __key__: two), no
        // placeholders but __key__ and __data__. (The SET and GET of --ratio above are this workload's own templates.)
        p.setProperty("command." + n + ".syntax", "memtier");
        command(p, n++, c.text(), c.ratio(), c.keyPattern(), a.keyPrefix);
      }
    }
    if (a.waits.any()) {
      p.setProperty("command.wait.ratio", a.waits.sets() + ":" + a.waits.waits());
      p.setProperty("command.wait.replicas", a.waits.replicas()[0] + "-" + a.waits.replicas()[1]);
      p.setProperty("command.wait.timeout", a.waits.timeout()[0] + "-" + a.waits.timeout()[1]);
    }
    if (a.monitorInput != null) {
      p.setProperty("command.monitor.file", a.monitorInput);
      p.setProperty("command.monitor.pattern", a.monitorPattern == 'R' ? "random" : "sequential");
    }
    if (a.scanIncremental) {
      p.setProperty("command.scan.incremental", "true");
      p.setProperty("command.scan.maxiterations", Integer.toString(a.scanMaxIterations));
    }
    String b = MemtierArgs.prefix(bindingName);
    a.server.addTo(p, b);
    return p;
  }

  /**
   * The staircase with {@code --rate-limiting} as a rate schedule ({@code -target}, docs/schedules.md): memtier's
   * connection sends its rate from the step it connects at, so the total rate is the rate times the connections
   * started, one hold per step ({@code 2000@5s,4000@5s,6000@20s}), the last until {@code --test-time}.
   */
  static String rateSteps(MemtierArgs a) {
    StringBuilder b = new StringBuilder();
    int clients = a.clientsStart;
    for (long from = 0; from < a.testTime; from += a.stepDuration, clients = Math.min(a.clients,
        clients + a.clientsStep)) {
      boolean last = clients >= a.clients || from + a.stepDuration >= a.testTime;
      long seconds = last ? a.testTime - from : a.stepDuration;
      b.append(b.length() == 0 ? "" : ",").append((long) a.rateLimit * a.threads * clients).append('@')
          .append(seconds).append('s');
      if (last) {
        break;
      }
    }
    return b.toString();
  }

  private static void command(Properties p, int n, String text, int ratio, char pattern, String keyPrefix) {
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

}
