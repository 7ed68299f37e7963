package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb} as a user runs it: from another directory, with quoting, JAVA_OPTS and exit codes. */
class LauncherIT {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path cwd;

  private record Run(int code, String out, String err) {}

  private Run ycsb(String javaOpts, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(HOME.resolve("bin/ycsb").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
    pb.environment().put("YCSB_KV_NO_BUILD", "1");
    if (javaOpts != null) {
      pb.environment().put("JAVA_OPTS", javaOpts);
    }
    Path out = cwd.resolve("stdout.txt");
    Path err = cwd.resolve("stderr.txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "bin/ycsb finished");
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void load_fromAnotherDirectory_keepsQuotedArgumentsAndWritesResults() throws Exception {
    Path export = cwd.resolve("out dir");
    Run r = ycsb("-Xmx256m", "load", "memory", "-P", "workloads/workloada", "-l", "two words",
        "-p", "export.dir=" + export, "-p", "recordcount=300");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("[INSERT], Operations, 300"), r.out());
    JsonNode json = new ObjectMapper().readTree(export.resolve("result.json").toFile());
    assertEquals("two words", json.path("label").asText());
    assertTrue(json.path("environment").path("jvmArguments").asText().contains("-Xmx256m"));
    assertEquals(256L * 1024 * 1024, json.path("environment").path("maxHeapBytes").asLong(), 32L * 1024 * 1024);
  }

  /**
   * #14: load and run keep a class-data archive per binding: the first run writes it as it exits, the next
   * checks it and starts from it; a half-written one left by a run that ended is dropped, not mapped (mapping
   * it would crash the JVM).
   */
  @Test
  void classDataArchive_writtenByTheFirstRun_checkedAndUsedByTheNext_aBrokenOneDropped() throws Exception {
    Path dir = HOME.resolve("core/target/cds");
    deleteArchives(dir, "memory-");
    String[] run = {"run", "memory", "-P", "workloads/workloada", "-p", "recordcount=100", "-p", "operationcount=100",
        "-p", "export.dir=" + cwd.resolve("out")};
    Run first = ycsb(null, run);
    assertEquals(0, first.code(), first.err());
    assertEquals(1, archives(dir, "memory-", ".tmp").size(), "the first run wrote its archive as it exited");
    Run second = ycsb(null, run);
    assertEquals(0, second.code(), second.err());
    List<Path> kept = archives(dir, "memory-", ".jsa");
    assertEquals(1, kept.size(), "checked and kept");
    assertTrue(archives(dir, "memory-", ".tmp").isEmpty());
    JsonNode json = new ObjectMapper().readTree(cwd.resolve("out/result.json").toFile());
    assertTrue(json.path("environment").path("jvmArguments").asText().contains("-XX:SharedArchiveFile=" + kept.get(0)),
        json.path("environment").path("jvmArguments").asText());
    assertTrue(!second.out().contains("cds") && !second.err().contains("cds"), "the JVM's CDS messages stay quiet");
    if (CiPasses.emulated()) {
      // What follows is the launcher's own choices (a broken archive dropped, the user's CDS options left alone), the
      // same shell script on every platform, which the x86_64 pass ran; under qemu each launch takes about 25 s.
      deleteArchives(dir, "memory-");
      return;
    }

    // Half an archive, as a run killed while writing it would leave, from a process that no longer exists.
    byte[] whole = Files.readAllBytes(kept.get(0));
    Path broken = Path.of(kept.get(0) + ".99999999.tmp");
    Files.write(broken, java.util.Arrays.copyOf(whole, whole.length / 2));
    Files.delete(kept.get(0));
    Run third = ycsb(null, run);
    assertEquals(0, third.code(), third.err());
    assertTrue(third.out().contains("[OVERALL], Throughput(ops/sec)"), third.out());
    assertTrue(!Files.exists(broken), "the broken archive was dropped");
    assertTrue(archives(dir, "memory-", ".jsa").isEmpty(), "never kept");

    assertEquals(1, archives(dir, "memory-", ".tmp").size(), "the third run wrote a new one");

    // CDS options of the user's own: the launcher leaves archives alone.
    Run own = ycsb("-Xshare:auto", run);
    assertEquals(0, own.code(), own.err());
    assertTrue(archives(dir, "memory-", ".jsa").isEmpty(), "not checked, not used");
    assertEquals(1, archives(dir, "memory-", ".tmp").size());
    deleteArchives(dir, "memory-");
  }

  private static List<Path> archives(Path dir, String prefix, String suffix) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.getFileName().toString().endsWith(suffix))
          .toList();
    }
  }

  private static void deleteArchives(Path dir, String prefix) throws IOException {
    for (Path f : archives(dir, prefix, "")) {
      Files.deleteIfExists(f);
    }
  }

  @Test
  void run_unknownBinding_propagatesExitCodeTwo() throws Exception {
    Run r = ycsb(null, "run", "nosuchstore", "-P", "workloads/workloada");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("ycsb: unknown binding 'nosuchstore'"), r.err());
  }

  @Test
  void help_listsTheCommands() throws Exception {
    Run r = ycsb(null, "--help");
    assertEquals(0, r.code(), r.err());
    for (String command : List.of("load", "run", "sweep", "study", "memtier", "suite", "record", "replay", "report",
        "bindings", "demo")) {
      assertTrue(r.out().contains("  " + command + " "), command + " in: " + r.out());
    }
    // Regression: a '%' in the footer made picocli print a WARN and the raw format string.
    assertTrue(!r.err().contains("WARN") && r.out().contains("errors.tolerance=N or =P%, default 0"), r.out() + r.err());
  }
}
