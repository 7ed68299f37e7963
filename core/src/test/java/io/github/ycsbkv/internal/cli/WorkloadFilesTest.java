package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.PropertySources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each workload file's header says what it sets: the "# mix:" line lists every non-zero
 * proportion, "# requestdistribution:" the key distribution, and "# records:" the record count.
 */
class WorkloadFilesTest {

  private static final Path DIR = Path.of("..", "workloads");
  private static final List<String> OPERATIONS = List.of("read", "update", "insert", "scan", "readmodifywrite");

  static Stream<Path> workloadFiles() throws Exception {
    return Files.list(DIR).filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().contains("."))
        .sorted();
  }

  @ParameterizedTest
  @MethodSource("workloadFiles")
  void header_matchesTheValuesTheFileSets(Path file) throws Exception {
    List<String> lines = Files.readAllLines(file);
    Properties props = PropertySources.readFile(file.toString());
    if (props.getProperty("workload", "").endsWith(".ReplayWorkload")) {
      // Its mix is the recording's; the header names the format and speed it sets.
      for (String key : List.of("replay.format", "replay.speed")) {
        String said = header(lines, "# " + key + ":");
        assertNotNull(said, file + " says its " + key);
        assertEquals(props.getProperty(key), said.trim().split("\\s+")[0], file + ": " + key);
      }
      return;
    }
    String mix = header(lines, "# mix:");
    assertNotNull(mix, file + " has a '# mix:' line");
    Map<String, Double> declared = new HashMap<>();
    for (String part : mix.trim().split("\\s+")) {
      String[] kv = part.split("=");
      declared.put(kv[0], Double.parseDouble(kv[1]));
    }
    String workload = props.getProperty("workload", "");
    if (workload.endsWith(".CacheWorkload")) {
      // "# mix: set=1 get=15" is cache.ratio=1:15 (SET:GET, memtier's order).
      String ratio = (long) (double) declared.get("set") + ":" + (long) (double) declared.get("get");
      assertEquals(ratio, props.getProperty("cache.ratio"), file + ": cache.ratio");
    } else if (workload.endsWith(".HarnessCostWorkload")) {
      // It reads one fixed key and ignores the CoreWorkload keys, so the file sets none of them.
      assertEquals(Map.of("read", 1.0), declared, file + ": the harness only reads");
      assertEquals("constant", header(lines, "# requestdistribution:").trim(), file.toString());
    } else if (workload.endsWith(".CommandWorkload")) {
      // "# mix: zadd=4 ..." is each command.N's name (lower-case) and command.N.ratio (default 1).
      Map<String, Double> set = new HashMap<>();
      for (int n = 1; props.getProperty("command." + n) != null; n++) {
        String name = props.getProperty("command." + n + ".name", props.getProperty("command." + n).trim()
            .split("\\s+")[0]).toLowerCase(java.util.Locale.ROOT);
        set.merge(name, Double.parseDouble(props.getProperty("command." + n + ".ratio", "1")), Double::sum);
      }
      assertEquals(set, declared, file + ": the commands and their ratios");
    } else if (workload.endsWith(".ObjectCacheWorkload")) {
      assertEquals(declared.get("get"), Double.parseDouble(props.getProperty("objectcache.getproportion")), 1e-9);
      assertEquals(1.0, declared.get("get") + declared.get("set"), 1e-9, file + ": get + set = 1");
    } else {
      double sum = 0;
      for (String op : OPERATIONS) {
        double set = Double.parseDouble(props.getProperty(op + "proportion", op.equals("read") ? "0.95" : "0"));
        assertEquals(declared.getOrDefault(op, 0.0), set, 1e-9, file + ": " + op + "proportion");
        sum += set;
      }
      assertEquals(1.0, sum, 1e-9, file + ": proportions add up to 1");
    }
    String distribution = header(lines, "# requestdistribution:");
    assertNotNull(distribution, file + " has a '# requestdistribution:' line");
    if (!workload.endsWith(".HarnessCostWorkload")) {
      assertEquals(distribution.trim(), props.getProperty("requestdistribution", "uniform"), file.toString());
    }
    String records = header(lines, "# records:");
    assertNotNull(records, file + " has a '# records:' line");
    String count = records.trim().split("\\s+")[0].replace(",", "");
    assertEquals(count, props.getProperty("recordcount"), file + ": recordcount");
    assertFalse(props.getProperty("workload", "").isBlank(), file + " names its workload class");
    assertTrue(lines.get(0).startsWith("# " + file.getFileName() + ":"), file + " starts with its name");
  }

  private static String header(List<String> lines, String prefix) {
    for (String line : lines) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length());
      }
    }
    return null;
  }
}
