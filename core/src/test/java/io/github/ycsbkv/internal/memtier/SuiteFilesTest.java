package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteFilesTest {

  @TempDir
  Path tmp;

  @Test
  void shellWords_asAShellSplitsThem() {
    assertEquals(List.of("--data-size", "10", "--command", "GET __key__", "--key-prefix=", "-c", "50"),
        ShellWords.split("\"--data-size\" \"10\" --command \"GET __key__\" --key-prefix=\"\" -c 50", "t"));
    assertEquals(List.of("EVAL", "return 'OK'", "0"), ShellWords.split("EVAL \"return 'OK'\" 0", "t"));
    assertEquals(List.of("SETBIT", "users", "100000000", "0"),
        ShellWords.split("\"SETBIT\" \"users\" \"100000000\" \"0\"", "t"));
    assertEquals(List.of("a b", "c\"d", "", "e"), ShellWords.split("'a b' \"c\\\"d\" '' e", "t"));
    assertTrue(assertThrows(UserError.class, () -> ShellWords.split("--command \"GET", "suite x")).getMessage()
        .startsWith("suite x: a double quote is not closed"));
  }

  @Test
  void testTime_replacesTheSuitesDurationOrRequestCount() {
    assertEquals(List.of("-c", "50", "--hide-histogram", "--test-time", "2"),
        SuiteClients.clientArgs(List.of("-c", "50", "--test-time", "180", "--hide-histogram"), 2));
    assertEquals(List.of("-c", "5", "--test-time", "3"), SuiteClients.clientArgs(List.of("-n", "allkeys", "-c", "5"), 3));
    assertEquals(List.of("-c", "5", "--test-time", "3"), SuiteClients.clientArgs(List.of("--requests=10", "-c", "5"), 3));
    assertEquals(List.of("-n", "10"), SuiteClients.clientArgs(List.of("-n", "10"), null), "no override: as written");
  }

  /**
   * Clients that run for different times keep the difference under {@code --test-time}: the blocking suites' producer
   * (125 s) outlives its consumers (120 s) by 5 s, so that each BLPOP still blocked at their end gets its last push.
   */
  @Test
  void testTime_severalClients_keepWhatEachRunsBeyondTheShortest() throws Exception {
    Path f = tmp.resolve("blocking.yml");
    Files.writeString(f, String.join("\n",
        "version: 0.4",
        "name: blocking",
        "clientconfigs:",
        "- tool: memtier_benchmark",
        "  arguments: --command \"LPUSH q __data__\" -c 1 -t 1 --test-time 125",
        "- tool: memtier_benchmark",
        "  arguments: --command \"BLPOP q 0\" -c 25 -t 4 --test-time=120",
        "- tool: memtier_benchmark",
        "  arguments: --command \"GET k\" -n 1000",
        ""));
    SuiteFile s = SuiteFile.read(f);
    assertEquals(List.of("--command", "LPUSH q __data__", "-c", "1", "-t", "1", "--test-time", "7"),
        SuiteClients.clientArgs(s, 0, 2));
    assertEquals(List.of("--command", "BLPOP q 0", "-c", "25", "-t", "4", "--test-time", "2"),
        SuiteClients.clientArgs(s, 1, 2));
    assertEquals(List.of("--command", "GET k", "--test-time", "2"), SuiteClients.clientArgs(s, 2, 2));
    assertEquals(List.of("--command", "LPUSH q __data__", "-c", "1", "-t", "1", "--test-time", "125"),
        SuiteClients.clientArgs(s, 0, null), "no override: as written");
  }

  @Test
  void aSuiteFile_itsParts() throws Exception {
    Path f = tmp.resolve("s.yml");
    Files.writeString(f, String.join("\n",
        "version: 0.4",
        "name: memtier_benchmark-x",
        "dbconfig:",
        "  configuration-parameters:",
        "    save: '\"\"'",
        "  check:",
        "    keyspacelen: 1",
        "  preload_tool:",
        "    tool: memtier_benchmark",
        "    arguments: '--command \"SET __key__ x\" -n 1'",
        "  init_commands:",
        "  - '\"SETBIT\" \"users\" \"31\" \"1\"'",
        "  - - SCRIPT",
        "    - LOAD",
        "    - return 'a b'",
        "tested-groups:",
        "- bitmap",
        "tested-commands:",
        "- bitpos",
        "redis-topologies:",
        "- oss-standalone",
        "clientconfig:",
        "  tool: memtier_benchmark",
        "  arguments: --command \"BITPOS users 1\" --test-time 120",
        ""));
    SuiteFile s = SuiteFile.read(f);
    assertEquals("memtier_benchmark-x", s.name());
    assertEquals(Map.of("save", ""), s.configuration());
    assertEquals(1, s.keyspaceLength());
    assertEquals("--command \"SET __key__ x\" -n 1", s.preload().arguments());
    assertEquals(List.of(List.of("SETBIT", "users", "31", "1"), List.of("SCRIPT", "LOAD", "return 'a b'")),
        s.initCommands(), "a line split as a shell would, a list of words as it is");
    assertEquals(1, s.clients().size());
    assertTrue(s.clients().get(0).memtier());
    assertTrue(s.matches("bitmap") && s.matches("BITPOS") && s.matches("benchmark-x") && !s.matches("hash"));
    // One command given as a line, not a list (the specification's set and hash suites of one key).
    Path one = tmp.resolve("one.yml");
    Files.writeString(one, Files.readString(f).replace("  init_commands:\n  - '\"SETBIT\" \"users\" \"31\" \"1\"'\n"
        + "  - - SCRIPT\n    - LOAD\n    - return 'a b'\n", "  init_commands: '\"SADD\" \"set:1\" \"a\"\n    \"b c\"'\n"));
    assertEquals(List.of(List.of("SADD", "set:1", "a", "b c")), SuiteFile.read(one).initCommands(),
        "a line that is the one command: " + Files.readString(one));
    assertNull(s.dataset());
    assertNull(SuiteRun.notHere(s));
    // A suite whose data is an RDB file the specification's runner loads: skipped, with its address.
    Path rdb = tmp.resolve("rdb.yml");
    Files.writeString(rdb, Files.readString(f).replace("  check:\n", "  dataset: https://example.org/geo/dump.rdb\n"
        + "  check:\n"));
    SuiteFile geo = SuiteFile.read(rdb);
    assertEquals("https://example.org/geo/dump.rdb", geo.dataset());
    assertEquals("its data set is an RDB file (https://example.org/geo/dump.rdb) that the specification's runner"
        + " loads before the server starts; ycsb suite does not load data sets", SuiteRun.notHere(geo));
    Path defaults = tmp.resolve("defaults.yml");
    Files.writeString(defaults, "exporter:\n  metrics: []\n");
    assertNull(SuiteFile.read(defaults), "a YAML file without a client is no suite");
  }

  @Test
  void perTopology_eachListedTopologyARun_theChosenOneUnderTheSuitesName() throws Exception {
    Path f = tmp.resolve("t.yml");
    Files.writeString(f, "version: 0.4\nname: t\nredis-topologies:\n- oss-standalone-04-io-threads\n- oss-standalone\n"
        + "- oss-standalone-01-replicas-rdb\n- some-other-setup\nclientconfig:\n  tool: memtier_benchmark\n"
        + "  arguments: -n 10\n");
    Path g = tmp.resolve("u.yml");
    Files.writeString(g, "version: 0.4\nname: u\nredis-topologies:\n- oss-standalone\nclientconfig:\n"
        + "  tool: memtier_benchmark\n  arguments: -n 10\n");
    List<SuiteFile> runs = SuiteRun.perTopology(List.of(SuiteFile.read(f), SuiteFile.read(g)));
    assertEquals(List.of("t@oss-standalone-04-io-threads", "t", "t@oss-standalone-01-replicas-rdb",
        "t@some-other-setup", "u"), runs.stream().map(SuiteFile::name).toList());
    assertEquals(List.of("oss-standalone-01-replicas-rdb"), runs.get(2).topologies());
    assertEquals(runs.get(0).clients(), runs.get(1).clients(), "the same suite otherwise");
  }
}
