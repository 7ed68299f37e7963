package io.github.ycsbkv.internal.cli.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.results.EnvironmentInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * This run's side of a study's setup ({@link Studies.Study#setup()}): the machine and its cores, the client, how the
 * servers ran and their versions, as {@code study.json} sets them beside the published ones (#42). Stateless.
 */
public final class StudySetup {

  /** The aspects, in the order {@code study.json} and the report give them. */
  public static final List<String> ASPECTS = List.of(Studies.CORES, Studies.CLIENT, Studies.NETWORK, Studies.VERSIONS);

  private static final String NOT_YET = "not known yet (the run had not started its servers)";

  private StudySetup() {}

  /**
   * This run's setup: {@code servers} holds, per label, how its server ran as far as the run got; the versions are
   * read from the cells' results in {@code out} (what each server said of itself).
   */
  public static Map<String, String> here(Studies.Study study, Path out, Map<String, String> servers, String cpus,
      int clusterNodes) {
    Map<String, String> here = new LinkedHashMap<>();
    here.put(Studies.CORES, machine() + "; client and servers on it, " + (cpus == null ? "nothing pinned"
        : "the servers started here pinned to CPUs " + cpus + ", the client not"));
    here.put(Studies.CLIENT, "ycsb-kv " + EnvironmentInfo.currentToolVersion() + ", " + (study.client() == null
        ? "each store through its own binding" : "every store through the " + study.client() + " binding's client")
        + ": each YCSB thread a client with a connection of its own and one request in flight, served by one thread"
        + " per core where the binding is asynchronous");
    Map<String, String> ran = new TreeMap<>(servers);
    int cores = Runtime.getRuntime().availableProcessors();
    String threads = study.ioThreads() <= 0 ? "the servers' default I/O threads"
        : Math.min(study.ioThreads(), cores) + " I/O threads per server started here" + (study.ioThreads() > cores
            ? " (the study's " + study.ioThreads() + ", capped at this machine's cores)" : "")
            + String.join("", study.parts().stream().filter(part -> part.ioThreads() > 0).map(part -> ", "
            + part.ioThreads() + " for " + part.workload() + " (restarted for it)").toList());
    here.put(Studies.NETWORK, ran.isEmpty() ? NOT_YET : String.join("; ", ran.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue()).toList()) + (clusterNodes > 1 ? " (clusters of " + clusterNodes
        + " primaries)" : "") + "; " + threads);
    Map<String, String> versions = new TreeMap<>();
    for (String label : servers.keySet()) {
      version(out.resolve(label)).ifPresent(v -> versions.put(label, v));
    }
    here.put(Studies.VERSIONS, versions.isEmpty() ? NOT_YET : String.join("; ", versions.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue()).toList()));
    return here;
  }

  /** This machine: its cores, memory and system, as the JVM sees them. */
  private static String machine() {
    long bytes = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getTotalMemorySize() : -1;
    return String.format(Locale.ROOT, "this machine, %d cores%s, %s %s (%s)",
        Runtime.getRuntime().availableProcessors(),
        bytes > 0 ? String.format(Locale.ROOT, ", %.0f GiB", bytes / (double) (1L << 30)) : "",
        System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"));
  }

  /** What the server of a label's first result said it is ({@code server.before}: its name and version). */
  private static Optional<String> version(Path labelDir) {
    if (!Files.isDirectory(labelDir)) {
      return Optional.empty();
    }
    try (Stream<Path> files = Files.walk(labelDir)) {
      ObjectMapper json = new ObjectMapper();
      return files.filter(f -> f.getFileName().toString().equals("result.json")).sorted().map(f -> {
        try {
          JsonNode before = json.readTree(f.toFile()).path("server").path("before");
          String version = before.path("version").asText("");
          return version.isEmpty() ? null : (before.path("server").asText("server") + " " + version).strip();
        } catch (IOException e) {
          return null;
        }
      }).filter(v -> v != null).findFirst();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }
}
