package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that takes one binding as a dependency gets that binding and what it needs, nothing more (#34): a class
 * path of core, the RESP module and the dragonfly binding (each module's classes and its runtime jars, as Maven
 * resolves them) registers only {@code dragonfly} besides the in-process {@code memory} binding, and runs against
 * a real Dragonfly through the engine and through Lettuce, in a fresh JVM without any property set.
 */
class ModuleClasspathIT {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path tmp;

  private record Run(int code, String out, String err) {}

  /** The command line in a JVM of its own on the class path of {@code modules} only. */
  private Run java(List<String> modules, String... args) throws Exception {
    List<String> cp = new ArrayList<>();
    for (String m : modules) {
      cp.add(HOME.resolve(m).resolve("target/classes").toString());
      cp.add(HOME.resolve(m).resolve("target/lib").toString() + File.separator + "*");
    }
    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
        String.join(File.pathSeparator, cp), "io.github.ycsbkv.internal.cli.Main"));
    cmd.addAll(List.of(args));
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished");
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  private static final List<String> DRAGONFLY_ONLY = List.of("core", "bindings/resp", "bindings/dragonfly");

  @Test
  void bindings_dragonflyOnlyClassPath_listsDragonflyAndMemoryOnly() throws Exception {
    Run r = java(DRAGONFLY_ONLY, "bindings");
    assertEquals(0, r.code(), r.err());
    List<String> names = new ArrayList<>();
    for (String line : r.out().split("\n")) {
      if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
        names.add(line.split("\\s+")[0]);
      }
    }
    assertTrue(names.contains("dragonfly"), r.out());
    for (String absent : List.of("redis", "valkey", "keydb", "aerospike")) {
      assertFalse(names.contains(absent), absent + " listed: " + r.out());
    }
  }

  @Test
  void run_dragonflyOnlyClassPath_engineAndLettuce_workWithoutAJvmWideProperty() throws Exception {
    try (Store store = Store.provision(Store.Kind.DRAGONFLY)) {
      for (String client : List.of("netty", "lettuce")) {
        // Upstream's CoreWorkload: the workloads module is not on this class path either.
        Run r = java(DRAGONFLY_ONLY, "run", "dragonfly", "-P", HOME.resolve("workloads/workloada").toString(),
            "-threads", "4", "-p", "recordcount=1000", "-p", "operationcount=2000", "-p", "dragonfly.host=" + store.host(),
            "-p", "dragonfly.port=" + store.port(), "-p", "dragonfly.asyncclient=" + client,
            // Under qemu a cold arm64 JVM reads its first reply after the 2 s default (as Cli gives 20 s there).
            "-p", "dragonfly.timeout=" + (CiPasses.emulated() ? 20000 : 2000));
        assertEquals(0, r.code(), client + ": " + r.err());
        assertTrue(r.out().contains("[OVERALL], Throughput(ops/sec), "), r.out());
        long reads = 0; // and updates
        for (String line : r.out().split("\n")) {
          if (line.startsWith("[READ], Return=") || line.startsWith("[UPDATE], Return=")) {
            reads += Long.parseLong(line.substring(line.lastIndexOf(',') + 1).trim());
          }
        }
        assertEquals(2000, reads, client + ": every operation returned OK or NOT_FOUND: " + r.out());
      }
    }
  }
}
