package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.provision.Provisioner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server each suite of {@code ycsb suite} runs on: the one given by address, or one started here for a store
 * ({@code --store}) in the suite's topology, as {@code study} starts its servers ({@link Provisioner}): its
 * {@code oss-standalone} when it lists one, else the first it lists that this machine can make: a standalone server
 * with the store's own I/O-thread setting ({@code -NN-io-threads}, at most this machine's cores), with a replica
 * ({@code -01-replicas}; with {@code -rdb} or {@code -aof-everysec} the setup's persistence set on the primary and the
 * replica with {@code CONFIG SET} after the suite's own parameters, as the specification's runner orders them), or a
 * cluster ({@code oss-cluster-N-primaries}: N primaries from the store's binary, as
 * {@code study --cluster N} starts them, its suites run with {@code --cluster-mode} as the specification's runner runs
 * them). A running server serves the next suite of the same topology; another topology starts the
 * store again.
 */
abstract class SuiteServers implements AutoCloseable {

  /**
   * Where a suite runs: the address, and what the server is ({@code as given}, or how it was started); or why it
   * cannot run here ({@code why}, a skip's reason).
   */
  record Where(String host, int port, String what, String why, boolean cluster, Map<String, String> persistence,
      Provisioner.Provisioned started) {

    Where(String host, int port, String what, String why) {
      this(host, port, what, why, false, Map.of(), null);
    }

    static Where not(String why) {
      return new Where(null, 0, null, why);
    }
  }

  /** The server for suite {@code s}. */
  abstract Where serve(SuiteFile s);

  /**
   * After a suite ({@code failed}: it failed): null while its server runs (or answers, one given by address); else one
   * line saying that it stopped and how. A server started here is started again for the next suite, its servers' logs
   * first kept in {@code logs} (the suite's directory) and named in the line; one given by address is not.
   */
  abstract String stopped(boolean failed, Path logs);

  /** The servers' logs of {@code running} copied into {@code into}, as a clause naming them ("" when none). */
  static String keptLogs(Provisioner.Provisioned running, Path into) {
    try {
      List<Path> kept = running.keepLogs(into);
      return kept.isEmpty() ? "" : "; the servers' whole logs: " + String.join(", ",
          kept.stream().map(Path::toString).toList());
    } catch (IOException e) {
      return "; its logs could not be kept (" + UserError.describe(e) + ")";
    }
  }

  /** Null while {@code host:port} takes connections; else why it does not. */
  static String refusing(String host, int port) {
    try (java.net.Socket socket = new java.net.Socket()) {
      socket.connect(new java.net.InetSocketAddress(host, port), 5_000);
      return null;
    } catch (IOException e) {
      return "the server at " + host + ":" + port + " no longer takes connections (" + UserError.describe(e) + ")";
    }
  }

  /** How long a server that no longer takes connections may take to exit before it is said as not answering. */
  static final long EXIT_WAIT_MILLIS = 60_000;

  /** Whether the next suite can have a server after {@link #stopped} said one stopped. */
  abstract boolean restarts();

  @Override
  public void close() {}

  /** The server given by address: every suite whose topologies include a standalone server. */
  static SuiteServers given(String host, int port) {
    return new SuiteServers() {
      @Override
      Where serve(SuiteFile s) {
        if (!s.topologies().isEmpty() && s.topologies().stream().noneMatch(t -> t.startsWith("oss-standalone"))) {
          return Where.not("it runs on " + String.join(", ", s.topologies()) + "; this run has one standalone server");
        }
        return new Where(host, port, "as given", null);
      }

      @Override
      String stopped(boolean failed, Path logs) {
        return refusing(host, port);
      }

      @Override
      boolean restarts() {
        return false;
      }
    };
  }

  /**
   * A topology of the specification that this machine can make: I/O threads (0: the default) and replicas of a
   * standalone server, or a cluster of {@code primaries} (0: none).
   */
  record Topology(String name, int ioThreads, int asked, int replicas, int primaries, Map<String, String> persistence) {

    private static final Pattern FORM = Pattern.compile(
        "oss-standalone(?:-(\\d+)-replicas(?:-(rdb|aof-everysec))?)?(?:-(\\d+)-io-threads)?");
    private static final Pattern CLUSTER = Pattern.compile("oss-cluster-(\\d+)-primaries");

    /** {@code name} as a topology made here, or null (a replica with RDB or AOF: not made yet). */
    static Topology of(String name) {
      Matcher c = CLUSTER.matcher(name);
      if (c.matches()) {
        int primaries = Integer.parseInt(c.group(1));
        return primaries >= 1 ? new Topology(name, 0, 0, 0, primaries, Map.of()) : null;
      }
      Matcher m = FORM.matcher(name);
      if (!m.matches()) {
        return null;
      }
      int replicas = m.group(1) == null ? 0 : Integer.parseInt(m.group(1));
      int threads = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
      // The specification's setups (topologies.yml): these arguments on the primary and its replicas, after the
      // suite's own configuration parameters.
      Map<String, String> persistence = m.group(2) == null ? Map.of() : m.group(2).equals("rdb")
          ? Map.of("save", "10 1000") : new java.util.LinkedHashMap<>(Map.of("appendonly", "yes"));
      if (persistence.containsKey("appendonly")) {
        persistence.put("appendfsync", "everysec");
      }
      return new Topology(name, Math.min(threads, Runtime.getRuntime().availableProcessors()), threads, replicas, 0,
          Map.copyOf(persistence));
    }

    boolean cluster() {
      return primaries > 0;
    }

    /** The suite's topology made here: its oss-standalone, else the first it lists that can be made; or null. */
    static Topology choose(List<String> topologies) {
      if (topologies.isEmpty() || topologies.contains("oss-standalone")) {
        return of("oss-standalone");
      }
      return topologies.stream().map(Topology::of).filter(t -> t != null).findFirst().orElse(null);
    }
  }

  /** Why a suite that runs on {@code topologies} is skipped: none of them can be made here. */
  static String notMade(List<String> topologies) {
    return "it runs on " + String.join(", ", topologies) + "; ycsb suite starts standalone servers, with I/O threads,"
        + " replicas or persistence, and clusters, not these yet";
  }

  /** Why a topology with persistence is not made on Dragonfly. */
  static String noPersistence(Topology t) {
    return t.name() + ": Dragonfly has no RDB save points nor AOF (it snapshots on its own schedule, --snapshot_cron);"
        + " the suite's setup cannot be made on it";
  }

  /** Servers of {@code store} started here, one at a time, each in the topology its suites ask for. */
  static SuiteServers started(Provisioner provisioner, String store, Provisioner.Way way, PrintWriter err) {
    return new SuiteServers() {
      private Provisioner.Provisioned running;
      private Topology topology;
      private Where where;

      @Override
      Where serve(SuiteFile s) {
        Topology t = Topology.choose(s.topologies());
        if (t == null) {
          return Where.not(notMade(s.topologies()));
        }
        if (!t.persistence().isEmpty() && store.equals("dragonfly")) {
          return Where.not(noPersistence(t));
        }
        if (running != null && t.ioThreads() == topology.ioThreads() && t.replicas() == topology.replicas()
            && t.primaries() == topology.primaries() && t.persistence().equals(topology.persistence())) {
          return where;
        }
        close();
        Provisioner.Request r = new Provisioner.Request(store, t.ioThreads(), false, way, null,
            Math.max(1, t.primaries()), null, t.replicas());
        String why = provisioner.unavailable(r);
        if (why != null) {
          return Where.not(t.name() + " of " + store + " cannot be started here: " + why);
        }
        try {
          running = provisioner.start(r);
        } catch (IOException e) {
          throw new UserError("cannot start " + store + " (" + t.name() + "): " + UserError.describe(e));
        }
        topology = t;
        where = where(running, t);
        err.println("ycsb suite: " + t.name() + ": " + running.description());
        err.flush();
        return where;
      }

      @Override
      String stopped(boolean failed, Path logs) {
        if (running == null) {
          return null;
        }
        String how = running.stopped();
        String refused = how == null && failed ? refusing(where.host(), where.port()) : null;
        // A server on its way out (a SHUTDOWN, a crash) closes its port before its process has ended: the process's
        // end is waited for, to say how it ended.
        for (long end = System.nanoTime() + EXIT_WAIT_MILLIS * 1_000_000; refused != null && how == null
            && System.nanoTime() < end; ) {
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
          }
          how = running.stopped();
        }
        how = how != null ? how : refused;
        if (how != null) {
          how += keptLogs(running, logs);
          close(); // the next suite starts the store again
        }
        return how;
      }

      @Override
      boolean restarts() {
        return true;
      }

      @Override
      public void close() {
        if (running != null) {
          running.close();
          running = null;
        }
      }
    };
  }

  /** The address a started server's properties name, with the topology it was started in (its description said). */
  private static Where where(Provisioner.Provisioned p, Topology t) {
    String host = null;
    int port = 0;
    for (Map.Entry<String, String> e : p.properties().entrySet()) {
      if (e.getKey().endsWith(".host")) {
        host = e.getValue();
        // A cluster's seeds (127.0.0.1:7000,127.0.0.1:7001,...): the first is where the suite's tools start.
        String first = host.split(",")[0].trim();
        int colon = first.lastIndexOf(':');
        if (colon > 0 && port == 0) {
          host = first.substring(0, colon);
          port = Integer.parseInt(first.substring(colon + 1));
        }
      } else if (e.getKey().endsWith(".port")) {
        port = Integer.parseInt(e.getValue().trim());
      }
    }
    if (host == null || port == 0) {
      throw new UserError("a started server named no address: " + p.properties().keySet());
    }
    return new Where(host, port, t.name() + (t.asked() > t.ioThreads() ? String.format(Locale.ROOT, " with %d I/O"
        + " threads (this machine's cores, not %d)", t.ioThreads(), t.asked()) : ""), null, t.cluster(),
        t.persistence(), p);
  }
}
