package io.github.ycsbkv.internal.cli.study;

import io.github.ycsbkv.internal.cli.sweep.SweepServers;
import io.github.ycsbkv.internal.provision.Provisioner;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The servers {@code ycsb study} starts ({@code StudyCommand}): each store's just before its own cells and stopped
 * after them, so that it never shares the cores idle (a store whose address was given is used as given); all stopped
 * at the end, and on exit.
 */
public final class StudyServers implements SweepServers, AutoCloseable {
  private final Provisioner provisioner;
  private final Provisioner.Way way;
  private final Studies.Study study;
  /** Primaries per store ({@code --cluster}) and replicas of each ({@code --replicas}). */
  private final Topology topology;
  /** Whether -p gave a label's address: that store is used as given. */
  private final Predicate<String> addressGiven;
  private final PrintWriter err;
  private final int ioThreads;
  /** The CPUs a server started here is pinned to, or null. */
  private final String cpus;
  /** Per label, how its server ran: what started it, where, with which flags. */
  private final Map<String, String> ran;
  private final Map<String, Provisioner.Provisioned> started = new ConcurrentHashMap<>();
  /** The I/O threads each running server was started with. */
  private final Map<String, Integer> startedThreads = new ConcurrentHashMap<>();
  private final Thread stopOnExit = new Thread(this::close, "ycsb-study-servers");

  /**
   * What each store started here is: {@code primaries} 1 for one server, more for a cluster of that many; {@code
   * replicas} of the one server (0: none).
   */
  public record Topology(int primaries, int replicas) {}

  public StudyServers(Provisioner provisioner, Provisioner.Way way, Studies.Study study, Topology topology, String cpus,
      Predicate<String> addressGiven, Map<String, String> ran, PrintWriter err) {
    this.provisioner = provisioner;
    this.way = way;
    this.study = study;
    this.topology = topology;
    this.addressGiven = addressGiven;
    this.cpus = cpus;
    this.ran = ran;
    this.err = err;
    this.ioThreads = ioThreads(study, err);
    Runtime.getRuntime().addShutdownHook(stopOnExit);
  }

  @Override
  public Map<String, String> start(String label, String workload) throws IOException {
    if (provisioner == null || addressGiven.test(label)) {
      ran.put(label, "given with -p");
      return Map.of();
    }
    int threads = study.ioThreads(workload) == study.ioThreads() ? ioThreads
        : Math.min(study.ioThreads(workload), Runtime.getRuntime().availableProcessors());
    Provisioner.Provisioned running = started.get(label);
    if (running != null && startedThreads.get(label) == threads) {
      return running.properties();
    }
    if (running != null) {
      stop(label);
      err.println("ycsb-kv study: " + workload + " runs on servers with " + threads + " I/O thread(s), as the study"
          + " ran it: starting " + label + "'s again");
    }
    String store = label.contains("+") ? label.substring(0, label.indexOf('+')) : label;
    boolean tls = label.endsWith(Studies.TLS);
    Provisioner.Provisioned s = provisioner.start(new Provisioner.Request(store, threads, tls, way, study.client(),
        topology.primaries(), topology.primaries() > 1 ? null : cpus, topology.replicas()));
    started.put(label, s);
    startedThreads.put(label, threads);
    String where = s.description().split(": ", 2)[0].replaceFirst(" started", "");
    ran.putIfAbsent(label, where + (!where.contains(" in container ") ? " (loopback" + (topology.primaries() > 1 || cpus == null
        ? "" : ", pinned to CPUs " + cpus) + ")" : where.contains(" with host networking") ? " (loopback, no NAT)"
        : " (its port published through Docker's NAT: this engine does not share this machine's network)"));
    err.println("ycsb-kv study: " + s.description());
    return s.properties();
  }

  @Override
  public void stop(String label) {
    Provisioner.Provisioned s = started.remove(label);
    if (s != null) {
      s.close();
      err.println("ycsb-kv study: stopped the server (" + s.description().split(": ", 2)[0] + ")");
    }
  }

  @Override
  public void close() {
    started.values().forEach(Provisioner.Provisioned::close);
    started.clear();
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway; closing twice is harmless
    }
  }

  /** The study's I/O threads per server, capped at this machine's cores (and said so); 0: the servers' defaults. */
  private static int ioThreads(Studies.Study study, PrintWriter err) {
    int cores = Runtime.getRuntime().availableProcessors();
    int ioThreads = study.ioThreads() <= 0 ? 0 : Math.min(study.ioThreads(), cores);
    if (study.ioThreads() > cores) {
      err.printf(Locale.ROOT, "ycsb-kv study: the study gives each server %d I/O threads; this machine has %d cores,"
          + " so servers started here get %d%n", study.ioThreads(), cores, ioThreads);
    }
    return ioThreads;
  }
}
