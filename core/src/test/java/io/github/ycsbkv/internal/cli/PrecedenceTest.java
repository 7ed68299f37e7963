package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -P files in order, then -p pairs, then the dedicated options. */
class PrecedenceTest {

  @TempDir
  Path tmp;

  private Path file(String name, String content) throws Exception {
    Path p = tmp.resolve(name);
    Files.writeString(p, content);
    return p;
  }

  @Test
  void load_laterFileWins_pairsWinOverFiles() throws Exception {
    Path first = file("first", "recordcount=10\noperationcount=10\nfieldcount=3\n");
    Path second = file("second", "recordcount=20\n");
    Properties p = PropertySources.load(List.of(first.toString(), second.toString()),
        List.of("operationcount=30", "operationcount=40", "x=a=b"));
    assertEquals("20", p.getProperty("recordcount"));
    assertEquals("40", p.getProperty("operationcount"));
    assertEquals("3", p.getProperty("fieldcount"));
    assertEquals("a=b", p.getProperty("x"), "only the first '=' separates key and value");
  }

  @Test
  void run_dedicatedOptionsWinOverPairs_andPairsOverFiles() throws Exception {
    MemoryDB.clearAll();
    Path workload = file("w", "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\noperationcount=10\n"
        + "threadcount=1\nreadproportion=1\n"
        + "updateproportion=0\nrequestdistribution=uniform\ntable=prec\n");
    Path out = tmp.resolve("out");
    CliRun run = CliRun.of("run", "memory", "-threads", "3", "-P", workload.toString(), "-p", "threadcount=2",
        "-p", "operationcount=25", "-l", "from-option", "-p", "label=from-pair", "-p", "export.dir=" + out);
    assertEquals(0, run.exitCode(), run.err());
    JsonNode json = ResultJson.read(out.resolve("result.json"));
    assertEquals(3, json.path("threads").asInt());
    assertEquals(25, json.path("overall").path("operations").asLong());
    assertEquals("from-option", json.path("label").asText());
  }
}
