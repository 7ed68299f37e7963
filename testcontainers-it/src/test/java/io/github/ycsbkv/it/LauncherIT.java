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
    for (String command : List.of("load", "run", "sweep", "study", "report", "bindings", "demo")) {
      assertTrue(r.out().contains("  " + command + " "), command + " in: " + r.out());
    }
    // Regression: a '%' in the footer made picocli print a WARN and the raw format string.
    assertTrue(!r.err().contains("WARN") && r.out().contains("errors.tolerance=N or =P%, default 0"), r.out() + r.err());
  }
}
