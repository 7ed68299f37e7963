package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ycsb-kv's bindings keep running inside upstream YCSB's own engine: upstream's
 * {@code site.ycsb.Client} drives the {@code memory} binding's DB class with nothing of ycsb-kv's
 * engine involved.
 */
class UpstreamClientIT {

  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path tmp;

  @Test
  void upstreamClient_loadsThroughTheMemoryBinding() throws Exception {
    String cp = HOME.resolve("core/target/classes") + File.pathSeparator + HOME.resolve("core/target/lib/*");
    Path out = tmp.resolve("out.txt");
    Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", cp, "site.ycsb.Client", "-load", "-db", "io.github.ycsbkv.memory.MemoryDB",
        "-P", HOME.resolve("workloads/workloada").toString(), "-p", "recordcount=250", "-threads", "2"))
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    String output = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains("[INSERT], Operations, 250"), output);
    assertTrue(output.contains("[INSERT], Return=OK, 250"), output);
  }
}
