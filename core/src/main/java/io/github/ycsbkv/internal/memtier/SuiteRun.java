package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import io.github.ycsbkv.internal.link.RespLink;
import io.github.ycsbkv.internal.provision.Provisioner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code ycsb suite FILE|DIR...}: Redis's benchmark specification's suites ({@link SuiteFile}) on one RESP server
 * given by address: for each suite in turn, the store emptied ({@code FLUSHALL}), its {@code configuration-parameters}
 * set ({@code CONFIG SET}; a parameter the store refuses is said), its preload run (memtier_benchmark's arguments, on
 * ycsb-kv's engine) and its init commands sent, its keyspace checked against {@code keyspacelen}, then its client (or
 * its clients at once) run by {@link MemtierRun} with memtier's JSON; and one summary across the suites with the
 * exporter's figures (Ops/sec, Latency, Misses/sec, p50, p99 of {@code ALL STATS}), the client's and the server's CPU
 * per operation, and each command the store refused with its error. Suites of other tools, suites whose topologies
 * do not include a standalone server, and options {@code ycsb memtier} does not honour are skipped with the reason.
 */
public final class SuiteRun {

  /** What {@code ycsb suite} was asked: the server, the suites, the overrides and where everything goes. */
  public record Options(String host, int port, String user, String password, String binding, Integer testTime,
      List<String> filters, Path out, List<Path> paths, SweepPlan.Capacity capacity, List<String> stores,
      Provisioner.Way way, boolean list, boolean allTopologies, String beside) {

    /** The same, at another server. */
    Options at(String host, int port) {
      return new Options(host, port, user, password, binding, testTime, filters, out, paths, capacity, stores, way,
          list, allTopologies, beside);
    }

    /** The same, its results under {@code dir}. */
    Options under(Path dir) {
      return new Options(host, port, user, password, binding, testTime, filters, dir, paths, capacity, stores, way,
          list, allTopologies, beside);
    }
  }

  /**
   * One suite's outcome: ran, skipped (with why), or failed (with why); its figures when it ran; {@code beside}
   * memtier_benchmark's run of it with {@code --beside}, else null.
   */
  record Outcome(String suite, String status, String reason, double opsPerSec, double latencyMs, double missesPerSec,
      double p50Ms, double p99Ms, double clientCpuMicrosPerOp, double serverCpuMicrosPerOp, List<String> notes,
      Map<String, String> refused, double capacity, SuiteBeside.Figures beside) {

    Outcome(String suite, String status, String reason, double opsPerSec, double latencyMs, double missesPerSec,
        double p50Ms, double p99Ms, double clientCpuMicrosPerOp, double serverCpuMicrosPerOp, List<String> notes,
        Map<String, String> refused, double capacity) {
      this(suite, status, reason, opsPerSec, latencyMs, missesPerSec, p50Ms, p99Ms, clientCpuMicrosPerOp,
          serverCpuMicrosPerOp, notes, refused, capacity, null);
    }

    /** The same with memtier_benchmark's run beside it. */
    Outcome with(SuiteBeside.Figures figures) {
      return new Outcome(suite, status, reason, opsPerSec, latencyMs, missesPerSec, p50Ms, p99Ms, clientCpuMicrosPerOp,
          serverCpuMicrosPerOp, notes, refused, capacity, figures);
    }
  }

  private SuiteRun() {}

  /** Runs the suites; returns the exit code (0 when every suite that was not skipped ran). */
  public static int execute(Options o, PrintWriter out, PrintWriter err, Consumer<StopSignal> stopSignal) {
    List<SuiteFile> suites = new ArrayList<>();
    int notSuites = 0;
    for (Path f : SuiteFile.files(o.paths())) {
      SuiteFile s = SuiteFile.read(f);
      if (s == null) {
        notSuites++;
      } else if (o.filters().isEmpty() || o.filters().stream().anyMatch(s::matches)) {
        suites.add(s);
      }
    }
    if (suites.isEmpty()) {
      throw new UserError("no suite to run" + (o.filters().isEmpty() ? "" : " matches --filter " + o.filters())
          + " in " + o.paths());
    }
    if (!o.stores().isEmpty() && o.allTopologies()) {
      suites = perTopology(suites);
    }
    if (o.list()) {
      SuiteListing.list(suites, o, out);
      return 0;
    }
    if (o.stores().isEmpty()) {
      String server;
      try (RespLink link = RespLink.open(o.host(), o.port(), o.user(), o.password())) {
        server = link.server();
      }
      err.println(String.format(Locale.ROOT, "ycsb suite: %d suite(s) on %s at %s:%d%s", suites.size(), server,
          o.host(), o.port(), notSuites > 0 ? "; " + notSuites + " YAML file(s) without a client left out" : ""));
      try (SuiteServers given = SuiteServers.given(o.host(), o.port())) {
        return onServers(suites, o, given, out, err, stopSignal).code();
      }
    }
    Provisioner provisioner = java.util.ServiceLoader.load(Provisioner.class, SuiteRun.class.getClassLoader())
        .findFirst().orElseThrow(() -> new UserError("--store needs the provisioner on the class path (module"
            + " ycsb-kv-provision); give the server's address with --host and --port instead"));
    Map<String, Ran> ran = new LinkedHashMap<>();
    int code = 0;
    for (String store : o.stores()) {
      err.println(String.format(Locale.ROOT, "ycsb suite: %d suite(s) on %s, started here (--servers %s)%s",
          suites.size(), store, o.way().name().toLowerCase(Locale.ROOT), notSuites > 0 ? "; " + notSuites
              + " YAML file(s) without a client left out" : ""));
      try (SuiteServers started = SuiteServers.started(provisioner, store, o.way(), err)) {
        Ran r = onServers(suites, o.under(o.out().resolve(store)), started, out, err, stopSignal);
        ran.put(store, r);
        code = Math.max(code, r.code());
        if (r.outcomes().stream().anyMatch(x -> x.status().equals("interrupted"))) {
          break;
        }
      }
    }
    SuiteSummary.across(out, o.out(), ran, o.capacity() != null);
    return code;
  }

  /**
   * Each suite once per topology it lists, as the specification's runner runs it: in the topology {@code --topologies
   * one} would choose under its own name, in each other as {@code NAME@TOPOLOGY}.
   */
  static List<SuiteFile> perTopology(List<SuiteFile> suites) {
    List<SuiteFile> out = new ArrayList<>();
    for (SuiteFile s : suites) {
      if (s.topologies().size() < 2) {
        out.add(s);
        continue;
      }
      SuiteServers.Topology first = SuiteServers.Topology.choose(s.topologies());
      for (String t : s.topologies()) {
        out.add(s.in(t, first != null && first.name().equals(t) ? s.name() : s.name() + "@" + t));
      }
    }
    return out;
  }

  /** One server's (or one store's) suites: their outcomes, the server as it answered, the exit code. */
  record Ran(List<Outcome> outcomes, String server, int code) {}

  /** The server the summary names: the one the suites ran on, else the store's directory, else "server". */
  private static String summaryName(String server, Options o) {
    return server != null ? server : o.stores().isEmpty() ? "server" : o.out().getFileName().toString();
  }

  /** Runs the suites, each on the server {@code servers} gives it; writes the table and summary.json. */
  private static Ran onServers(List<SuiteFile> suites, Options o, SuiteServers servers, PrintWriter out,
      PrintWriter err, Consumer<StopSignal> stopSignal) {
    err.flush();
    List<Outcome> outcomes = new ArrayList<>();
    int failed = 0;
    String server = null;
    SuiteServers.Where last = null;
    String binding = o.binding();
    // With --beside, the tool that runs first alternates from one suite to the next.
    int besideRuns = 0;
    for (SuiteFile s : suites) {
      Outcome r;
      try {
        String notHere = notHere(s);
        SuiteServers.Where where = notHere != null ? SuiteServers.Where.not(notHere) : servers.serve(s);
        if (where.why() != null) {
          r = skipped(s, where.why());
        } else {
          if (!where.equals(last)) {
            try (RespLink link = RespLink.open(where.host(), where.port(), o.user(), o.password())) {
              server = link.server();
            }
            binding = o.binding() != null ? o.binding() : server.equals("dragonfly") ? "dragonfly" : "redis";
            last = where;
          }
          r = one(s, o.at(where.host(), where.port()), where, binding, err, stopSignal,
              besideRuns++ % 2 == 1);
          if (!where.what().equals("as given")) {
            List<String> notes = new ArrayList<>(r.notes());
            notes.add(0, "on " + where.what() + " at " + where.host() + ":" + where.port());
            r = new Outcome(r.suite(), r.status(), r.reason(), r.opsPerSec(), r.latencyMs(), r.missesPerSec(),
                r.p50Ms(), r.p99Ms(), r.clientCpuMicrosPerOp(), r.serverCpuMicrosPerOp(), notes, r.refused(),
                r.capacity(), r.beside());
          }
        }
      } catch (UserError e) {
        r = failed(s, e.getMessage());
      } catch (RuntimeException e) {
        // A defect in ycsb-kv on this suite: said as the suite's failure, and the others still run and are written.
        r = failed(s, "internal error: " + UserError.describe(e) + " (a bug in ycsb-kv; please report it with the"
            + " suite's file)");
      }
      String stopped = r.status().equals("skipped") || r.status().equals("interrupted") ? null
          : servers.stopped(r.status().equals("failed"), o.out().resolve(s.name()));
      if (stopped != null) {
        // What the suite saw of it ("cannot reach the server", a preload cut short) follows from this.
        r = failed(s, "its server stopped during the suite: " + stopped);
        last = null;
      }
      outcomes.add(r);
      if (r.status().equals("failed")) {
        failed++;
      }
      // After each suite, so that a run of hours stopped from outside (SIGTERM, a CI's timeout) leaves what it ran.
      SuiteSummary.write(o.out(), outcomes, summaryName(server, o), o);
      // The heap a suite grew (a preload's values of up to 512 MiB, its histograms) handed back before the next: the
      // serial collector gives memory back to the system only after a full collection, so a run of hundreds of suites
      // otherwise keeps gigabytes the store under test may need on the same machine (docs/memtier.md).
      System.gc();
      err.println("ycsb suite: " + s.name() + ": " + r.status() + (r.reason() != null ? ": " + r.reason()
          + (r.status().equals("failed") && !r.notes().isEmpty() ? " (" + String.join("; ", r.notes()) + ")" : "")
          : o.capacity() == null ? String.format(Locale.ROOT, " (%.0f ops/s, p99 %.3f ms)", r.opsPerSec(), r.p99Ms())
              + (r.beside() == null ? "" : "; " + SuiteBeside.describe(r.beside(), r.opsPerSec(),
              r.clientCpuMicrosPerOp()))
          : Double.isNaN(r.capacity()) ? " (" + String.join("; ", r.notes()) + ")"
          : String.format(Locale.ROOT, " (capacity %.0f ops/s within %s)", r.capacity(), o.capacity().slo().describe())));
      err.flush();
      if (r.status().equals("interrupted")) {
        break;
      }
      if (stopped != null && !servers.restarts()) {
        int rest = suites.size() - outcomes.size();
        err.println("ycsb suite: the " + rest + " suite(s) after it were not run: start the server again and run"
            + " them (--filter)");
        for (SuiteFile later : suites.subList(outcomes.size(), suites.size())) {
          outcomes.add(failed(later, "not run: " + stopped));
          failed++;
        }
        break;
      } else if (stopped != null && outcomes.size() < suites.size()) {
        err.println("ycsb suite: the next suite starts the store again");
      }
    }
    String name = summaryName(server, o);
    SuiteSummary.table(out, outcomes, name, o.capacity() != null);
    SuiteSummary.write(o.out(), outcomes, name, o);
    err.println("ycsb suite: " + outcomes.stream().filter(r -> r.status().equals("ran")).count() + " ran, "
        + outcomes.stream().filter(r -> r.status().equals("skipped")).count() + " skipped, " + failed + " failed;"
        + " everything in " + o.out());
    return new Ran(outcomes, name, failed > 0 ? UserError.FAILED : 0);
  }

  private static Outcome skipped(SuiteFile s, String why) {
    return new Outcome(s.name(), "skipped", why, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, List.of(), Map.of(), Double.NaN);
  }

  private static Outcome failed(SuiteFile s, String why) {
    return failed(s, why, List.of());
  }

  /** A failure with what the suite had noted before it (a configuration parameter the store lacks, say). */
  private static Outcome failed(SuiteFile s, String why, List<String> notes) {
    return new Outcome(s.name(), "failed", why, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, notes, Map.of(), Double.NaN);
  }

  /**
   * Runs suite {@code s} on the server {@code o} names, as {@code where} says it is (a cluster's seed: with
   * --cluster-mode; a setup's persistence).
   */
  private static Outcome one(SuiteFile s, Options o, SuiteServers.Where where, String binding, PrintWriter err,
      Consumer<StopSignal> stopSignal, boolean memtierFirst) {
    boolean cluster = where.cluster();
    String notHere = notHere(s);
    if (notHere != null) {
      return skipped(s, notHere);
    }
    // Each client's arguments checked before the store is touched: an option ycsb memtier does not honour skips it.
    List<List<String>> clients = new ArrayList<>();
    for (int i = 0; i < s.clients().size(); i++) {
      List<String> args = SuiteClients.clusterMode(SuiteClients.clientArgs(s, i, o.testTime()), cluster);
      try {
        MemtierArgs.parse(args);
      } catch (UserError e) {
        return skipped(s, e.getMessage());
      }
      clients.add(args);
    }
    List<String> preload = s.preload() == null ? null
        : SuiteClients.clusterMode(ShellWords.split(s.preload().arguments(), s.name() + "'s preload"), cluster);
    if (preload != null) {
      try {
        MemtierArgs.parse(preload);
      } catch (UserError e) {
        return skipped(s, "its preload: " + e.getMessage());
      }
    }
    if (o.capacity() != null && clients.size() != 1) {
      return skipped(s, "--capacity searches the load of one client; this suite runs " + clients.size() + " at once");
    }
    Path dir = o.out().resolve(s.name());
    List<String> notes = new ArrayList<>();
    boolean beside = o.beside() != null && o.capacity() == null;
    SuiteBeside.Figures besideFigures = null;
    List<String> besideNotes = new ArrayList<>();
    if (beside && memtierFirst) {
      besideFigures = besideRun(s, o, where, binding, preload, clients, dir, besideNotes, stopSignal,
          "memtier_benchmark");
    }
    String failure = SuitePreparation.prepare(s, o, where, binding, preload, dir, notes, stopSignal);
    if (failure != null) {
      // Kept with it: a parameter the store did not take may be why (an eviction policy, and writes refused when full).
      return failed(s, failure, notes);
    }
    if (o.capacity() != null) {
      SuiteCapacity.Found found = SuiteCapacity.search(SuiteClients.serverArgs(clients.get(0), o, binding), binding,
          o.capacity(), dir.resolve("capacity"));
      if (found.reason() != null) {
        notes.add((Double.isNaN(found.capacity()) ? "capacity not found: " : "a lower bound: ") + found.reason());
      }
      return new Outcome(s.name(), "ran", null, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
          Double.NaN, notes, Map.of(), found.capacity());
    }
    List<Integer> codes = SuiteClients.runClients(clients, o, binding, dir, notes, stopSignal);
    if (codes.contains(Interrupts.EXIT_INTERRUPTED)) {
      return new Outcome(s.name(), "interrupted", "interrupted", Double.NaN, Double.NaN, Double.NaN, Double.NaN,
          Double.NaN, Double.NaN, Double.NaN, notes, Map.of(), Double.NaN);
    }
    if (beside && !memtierFirst) {
      besideFigures = besideRun(s, o, where, binding, preload, clients, dir, besideNotes, stopSignal, "ycsb-kv");
    }
    besideNotes.stream().filter(n -> !notes.contains(n)).forEach(n -> notes.add("before memtier_benchmark's run: "
        + n));
    Outcome r = SuiteSummary.figures(s, dir, clients.size(), codes, notes);
    return besideFigures == null ? r
        : r.with(besideFigures.withYcsb(SuiteBeside.ycsbCommandsPerOp(dir, clients.size())));
  }

  /**
   * memtier_benchmark's run of the suite's clients beside ycsb-kv's ({@code --beside}): the suite prepared again (its
   * preload's logs in {@code DIR/memtier_benchmark/}), then the clients run by the program into that directory;
   * what the preparation notes goes to {@code notes}.
   */
  private static SuiteBeside.Figures besideRun(SuiteFile s, Options o, SuiteServers.Where where, String binding,
      List<String> preload, List<List<String>> clients, Path dir, List<String> notes,
      Consumer<StopSignal> stopSignal, String first) {
    Path own = dir.resolve("memtier_benchmark");
    String failure = SuitePreparation.prepare(s, o, where, binding, preload, own, notes, stopSignal);
    if (failure != null) {
      return SuiteBeside.Figures.failed(first, "its preparation failed: " + failure);
    }
    return SuiteBeside.run(o.beside(), first, clients, o, where.cluster(), own);
  }

  /** {@code --beside}'s program on PATH or as a path; one line when it cannot be run. */
  public static String besideProgram(String program) {
    return SuiteBeside.resolve(program);
  }

  /** Why the suite cannot run on ycsb-kv (another tool's suite), or null. */
  static String notHere(SuiteFile s) {
    for (SuiteFile.Tool t : s.clients()) {
      if (!t.memtier()) {
        return "its client is " + (t.tool().isEmpty() ? "not named" : t.tool()) + ", not memtier_benchmark";
      }
    }
    if (s.preload() != null && !s.preload().memtier()) {
      return "its preload is " + s.preload().tool() + ", not memtier_benchmark";
    }
    if (s.dataset() != null) {
      // Run on an empty store, its commands would all read nothing (the geo suites' 60M-member key).
      return "its data set is an RDB file (" + s.dataset() + ") that the specification's runner loads before the"
          + " server starts; ycsb suite does not load data sets";
    }
    return null;
  }

  /** The first command the store refused in {@code dir}'s run, as its log says it (": SET: 10 of 10 failed: ERR"). */
  static String firstFailure(Path dir) {
    try (Stream<String> lines = Files.lines(dir.resolve("log.txt"))) {
      return lines.filter(l -> l.startsWith("ycsb-kv memtier: ") && l.contains(" failed: ")).findFirst()
          .map(l -> ": " + shorten(l.substring("ycsb-kv memtier: ".length()), 160)).orElse("");
    } catch (IOException e) {
      return "";
    }
  }

  static String shorten(String s) {
    return shorten(s, 60);
  }

  private static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }

}
