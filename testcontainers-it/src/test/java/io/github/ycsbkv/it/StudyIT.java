package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ycsb study}: a published study's matrix at a tiny scale against real stores, with its published figures. */
class StudyIT {

  /**
   * Why the ARM64 pass leaves the studies out: a study is sweeps of the runs the other integration tests make on
   * aarch64, and the servers it starts are this host's processes.
   */

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void ycsb2025_tinyScale_runsTheMatrix_andReportsThePublishedFiguresBesideOurs() throws Exception {
    // The study names its workload files as bin/ycsb finds them: in the ycsb-kv directory.
    System.setProperty("ycsbkv.home", Path.of("..").toAbsolutePath().normalize().toString());
    try (Store redis = Store.provision(Store.Kind.REDIS); Store dragonfly = Store.provision(Store.Kind.DRAGONFLY)) {
      Path out = dir.resolve("ycsb2025");
      Cli run = Cli.run("study", "ycsb2025", "--stores", "redis,dragonfly", "--out", out.toString(), "--scale",
          "0.0007", "--repeat", "1", "--flush", "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
          "-p", "dragonfly.host=" + dragonfly.host(), "-p", "dragonfly.port=" + dragonfly.port());
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("ycsb-kv sweep: [36 of 36, about "), "progress over the whole study: " + run.err());
      assertTrue(run.err().contains("ycsb-kv sweep: emptied dragonfly: FLUSHDB of database 0 at "), run.err());

      JsonNode sweep = JSON.readTree(out.resolve("sweep.json").toFile());
      assertEquals(2 * 3 * 6, sweep.path("cells").size(), "2 stores x 3 workloads x 6 thread counts");
      assertTrue(sweep.path("command").asText().startsWith("bin/ycsb study ycsb2025 --stores redis,dragonfly"),
          sweep.path("command").asText());
      for (JsonNode cell : sweep.path("cells")) {
        assertEquals(0, cell.path("failed").size(), cell.toString());
      }
      // The study's sizes, scaled: 1,474,560 x 0.0007 = 1,032 records per workload.
      JsonNode load = JSON.readTree(out.resolve("redis/readheavy/load/result.json").toFile());
      assertEquals(1032, load.path("operations").get(0).path("count").asLong(), load.path("operations").toString());

      // An insert as upstream's redis binding sent it: the record, then its index entry (no MULTI/EXEC): 0.9 x 2
      // commands for the inserts and 1 for the reads, as the servers counted them.
      for (String store : List.of("redis", "dragonfly")) {
        JsonNode ts = JSON.readTree(out.resolve(store + "/writeheavy/t32/r1/result.json").toFile());
        assertEquals("after", ts.path("configuration").path(store + ".scanindex.write").asText(), store);
        assertEquals(1.9, ts.path("load").path("server").path("commandsPerOperation").asDouble(), 0.05,
            store + ": " + ts.path("load"));
        // writeheavy as upstream's tsworkloada shapes it: 64 metric keys written over, reads of fields that no
        // insert writes, each one a miss (NOT_FOUND), as upstream's HMGET found nothing either.
        assertEquals("upstream", ts.path("configuration").path("ts.shape").asText(), store);
        for (JsonNode op : ts.path("operations")) {
          if (op.path("name").asText().equals("READ")) {
            assertTrue(op.path("count").asLong() > 0, op.toString());
            assertEquals(op.path("count").asLong(), op.path("statuses").path("NOT_FOUND").asLong(), op.toString());
          }
          if (op.path("name").asText().equals("INSERT")) {
            assertEquals(op.path("count").asLong(), op.path("statuses").path("OK").asLong(), op.toString());
          }
        }
      }
      // What upstream's shape left in Redis, whose last cell was writeheavy's: its 64 metric keys, each one hash of
      // the 4 tags, YCSBTS and YCSBV, written over by every insert.
      try (redis.clients.jedis.Jedis j = redis.jedis()) {
        java.util.Set<String> keys = j.keys("AAAAAA*");
        assertEquals(64, keys.size(), keys.toString());
        assertEquals(java.util.Set.of("AAAAAAAA", "AAAAAAAB", "AAAAAAAC", "AAAAAAAD", "YCSBTS", "YCSBV"),
            j.hkeys("AAAAAABL"));
      }

      JsonNode study = JSON.readTree(out.resolve("study.json").toFile());
      assertEquals("ycsb2025", study.path("name").asText());
      assertEquals(2 * 3 * 4 + 2 * 2, study.path("published").size(), "P99 and ops/s at 1 and 32 threads, per store"
          + " and workload; memory before and after, per store");
      String html = Files.readString(out.resolve("report.html"));
      Matcher row = Pattern.compile("<tr><td class=\"l\">readheavy</td><td class=\"l\">redis</td><td>32 / 32</td>"
          + "<td class=\"l\">throughput</td><td>17,158</td><td class=\"l\">ops/s</td><td>([0-9,]+)</td>").matcher(html);
      assertTrue(row.find(), "the published 17,158 ops/s beside ours");
      double measured = Double.parseDouble(row.group(1).replace(",", ""));
      double sweepMean = 0;
      for (JsonNode cell : sweep.path("cells")) {
        if (cell.path("binding").asText().equals("redis") && cell.path("workload").asText().equals("readheavy")
            && cell.path("threads").asInt() == 32) {
          sweepMean = cell.path("figures").path("throughputOpsPerSec").path("mean").asDouble();
        }
      }
      assertEquals(Math.round(sweepMean), measured, 1.0, "the measured column is the sweep's mean");
      assertFalse(html.contains("not run"), "every published figure has its measured counterpart");
      assertTrue(html.contains("<td class=\"l\">memory after the run</td><td>2,610</td><td class=\"l\">MB</td>"),
          "the paper's memory table beside ours");
      assertTrue(Pattern.compile("<td class=\"l\">memory after the run</td><td>2,610</td><td class=\"l\">MB</td>"
          + "<td>[0-9,]+\\.[0-9]</td><td class=\"l\">MB \\(RSS\\)</td>").matcher(html).find(),
          "Redis's memory figure is its resident memory");
      // The throughput chart draws the published figures as points per store, not joined (read from its <desc>).
      Matcher desc = Pattern.compile("<title>Throughput, readheavy</title>\\s*<desc>([^<]+)</desc>").matcher(html);
      assertTrue(desc.find(), "the readheavy throughput chart");
      JsonNode chart = JSON.readTree(desc.group(1).replace("&quot;", "\"").replace("&amp;", "&"));
      JsonNode publishedRedis = null;
      for (JsonNode s : chart.path("series")) {
        if (s.path("name").asText().equals("redis (published)")) {
          publishedRedis = s;
        }
      }
      assertTrue(publishedRedis != null, chart.toString());
      assertEquals("[1.0,32.0]", publishedRedis.path("x").toString());
      assertEquals("[1656.0,17158.0]", publishedRedis.path("y").toString());
    } finally {
      System.clearProperty("ycsbkv.home");
    }
  }

  /**
   * #24: ycsb2025 runs the published shape (a connection per YCSB thread); --shape multiplexed adds each RESP store
   * as STORE+multiplexed, its clients sharing 4 connections, side by side, and each result says what the server saw.
   */
  @Test
  void ycsb2025_shapeMultiplexed_sideBySide_eachCellsLoadAsTheServerSawIt() throws Exception {
    System.setProperty("ycsbkv.home", Path.of("..").toAbsolutePath().normalize().toString());
    try (Store redis = Store.provision(Store.Kind.REDIS)) {
      Path out = dir.resolve("shape");
      // Its readheavy cells only (--workloads), which this test reads.
      Cli run = Cli.run("study", "ycsb2025", "--stores", "redis", "--shape", "multiplexed", "--workloads", "readheavy",
          "--out", out.toString(), "--scale", "0.0007", "--repeat", "1", "--flush", "-p", "redis.host=" + redis.host(),
          "-p", "redis.port=" + redis.port());
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("(and 1 with 4 shared connections)"), run.err());
      JsonNode published = JSON.readTree(out.resolve("redis/readheavy/t32/r1/result.json").toFile()).path("load");
      assertEquals("connection-per-client", published.path("model").asText(), published.toString());
      assertEquals(32, published.path("server").path("runConnections").asInt(), published.toString());
      JsonNode shared = JSON.readTree(out.resolve("redis+multiplexed/readheavy/t32/r1/result.json").toFile())
          .path("load");
      assertEquals("shared-connections", shared.path("model").asText(), shared.toString());
      assertEquals(4, shared.path("server").path("runConnections").asInt(), shared.toString());
      JsonNode two = JSON.readTree(out.resolve("redis+multiplexed/readheavy/t2/r1/result.json").toFile()).path("load");
      assertEquals(2, two.path("connections").asInt(), "two clients cannot share four connections: " + two);
      assertEquals("multiplexed", JSON.readTree(out.resolve("study.json").toFile()).path("shape").asText());
      Cli bad = Cli.run("study", "ycsb2025", "--shape", "pooled", "--out", dir.resolve("bad").toString());
      assertEquals(2, bad.exitCode());
      assertEquals("ycsb: --shape must be published or multiplexed, got 'pooled'", bad.lastErrLine());
      assertFalse(Files.exists(out.resolve("redis/balanced")), "--workloads readheavy: no balanced cell");
      Cli unknown = Cli.run("study", "ycsb2025", "--workloads", "objectcache", "--out", dir.resolve("bad").toString());
      assertEquals(2, unknown.exitCode());
      assertEquals("ycsb: study ycsb2025 has no workload 'objectcache'; its workloads: readheavy,balanced,writeheavy",
          unknown.lastErrLine());
    } finally {
      System.clearProperty("ycsbkv.home");
    }
  }

  /** #17: without addresses the study starts each store's binary from PATH, and stops it at the end. */
  @Test
  void memtier2025_withoutAddresses_startsTheServersFromPath_andStopsThem() throws Exception {
    for (String binary : java.util.List.of("redis-server", "valkey-server", "keydb-server", "asd")) {
      if (RespServer.onPath(binary) == null) {
        String why = binary + " is not on PATH: skipping the provisioned study";
        if (Store.binaryRequired(Store.Kind.KEYDB) && Store.binaryRequired(Store.Kind.VALKEY)
            && Store.binaryRequired(Store.Kind.AEROSPIKE)) {
          org.junit.jupiter.api.Assertions.fail(why + ", but it.require lists every store");
        }
        org.junit.jupiter.api.Assumptions.abort(why);
      }
    }
    for (String store : java.util.List.of("redis", "valkey", "keydb")) {
      if (servers().equals("container") && Store.noContainerImage(store)) {
        org.junit.jupiter.api.Assumptions.abort("no container image for " + store + " in this pass: skipping the"
            + " provisioned study");
      }
    }
    System.setProperty("ycsbkv.home", Path.of("..").toAbsolutePath().normalize().toString());
    try {
      Path out = dir.resolve("memtier2025");
      Cli run = Cli.run("study", "memtier2025", "--stores", "redis,valkey,keydb", "--out", out.toString(), "--scale",
          "0.0005", "--repeat", "1", "--flush", "--servers", servers());
      assertEquals(0, run.exitCode(), run.err());
      // Each store got its own server (redis, valkey and keydb share the redis.* keys).
      java.util.List<Integer> ports = new java.util.ArrayList<>();
      Matcher started = Pattern.compile("ycsb-kv study: (redis|valkey|keydb) started (on|in container \\S+"
          + "(?: pinned to CPUs \\S+ \\(--cpuset-cpus\\))?( with host networking)? at) ([\\w.]+):(\\d+): ")
          .matcher(run.err());
      String host = null;
      while (started.find()) {
        assertEquals(servers().equals("container"), started.group(2).startsWith("in container"), started.group());
        // A container shares this machine's network (Linux, an engine of its own), as the study's servers did.
        assertEquals(servers().equals("container"), started.group(3) != null, started.group());
        ports.add(Integer.parseInt(started.group(5)));
        host = started.group(4);
      }
      // Each store's server twice: with the study's I/O threads for the memtier cells, then again with 1 for the
      // object-cache test, as the study ran it.
      assertEquals(6, ports.size(), run.err());
      for (String store : java.util.List.of("redis", "valkey", "keydb")) {
        assertTrue(run.err().contains("ycsb-kv study: objectcache runs on servers with 1 I/O thread(s), as the study ran"
            + " it: starting " + store + "'s again"), run.err());
      }
      assertTrue(Pattern.compile("ycsb-kv study: keydb started [^\\n]*--server-threads 1[ \\n]").matcher(run.err()).find(),
          run.err());
      assertTrue(run.err().contains("so servers started here get "), "the study's 4 I/O threads, capped: " + run.err());
      // Pinned as the study pinned its servers (to CPUs 0-3 of 4): here to as many of this machine's cores.
      String cpus = "0-" + (Math.min(4, Runtime.getRuntime().availableProcessors()) - 1);
      assertEquals(6, Pattern.compile(servers().equals("container")
          ? "ycsb-kv study: (redis|valkey|keydb) started in container \\S+ pinned to CPUs " + cpus + " \\(--cpuset-cpus\\)"
          : ": \\S*taskset -c " + cpus + " \\S*(redis|valkey|keydb)-server ").matcher(run.err()).results().count(),
          run.err());
      // What differs from the published setup, aspect by aspect, with the versions the servers reported.
      JsonNode setup = JSON.readTree(out.resolve("study.json").toFile()).path("setup");
      assertEquals(4, setup.size(), setup.toString());
      assertEquals("server versions", setup.get(3).path("aspect").asText());
      assertEquals("Redis 8.0.2, KeyDB 6.3.4, Dragonfly 1.30.3, Valkey 8.1.1", setup.get(3).path("published").asText());
      assertTrue(setup.get(3).path("here").asText().matches("keydb: \\S+ 6\\.3\\.\\d+; redis: \\S+ 7\\.\\d+\\.\\d+;"
          + " valkey: \\S+ 8\\.\\d+\\.\\d+"), setup.toString());
      assertTrue(setup.get(2).path("here").asText().contains("pinned to CPUs " + cpus), setup.toString());
      // Each server runs only around its own cells: redis is stopped before valkey starts.
      String err = run.err();
      // 3 stores x (4 memtier cells + 13 object-cache iterations) = 51 runs.
      assertTrue(err.indexOf("ycsb-kv study: redis started") < err.indexOf("[1 of 51]")
          && err.indexOf("stopped the server (redis started") < err.indexOf("ycsb-kv study: valkey started"), err);
      JsonNode sweep = JSON.readTree(out.resolve("sweep.json").toFile());
      assertEquals(3 * 5, sweep.path("cells").size(), "4 memtier cells (1, 2, 4 and 8 threads of 100 connections)"
          + " and the object-cache cell per store");
      for (JsonNode cell : sweep.path("cells")) {
        assertEquals(0, cell.path("failed").size(), cell.toString());
        if (cell.path("workload").asText().equals("objectcache")) {
          assertEquals(1, cell.path("threads").asInt());
          JsonNode tput = cell.path("figures").path("throughputOpsPerSec");
          assertEquals(13, tput.path("n").asInt(), "the study's 13 iterations, whatever --repeat says");
          assertEquals(tput.path("stdDev").asDouble() / tput.path("mean").asDouble(), tput.path("cv").asDouble(), 1e-9);
          // The published P95 is over all operations; a tiny run's GETs may all miss its 720,000 keys.
          assertTrue(cell.path("figures").has("ALL.p95Micros"), cell.toString());
        }
      }
      // One client for every store, as memtier: the dragonfly binding's, a connection per client.
      JsonNode valkeyCell = JSON.readTree(out.resolve("valkey/memtier/t100/r1/result.json").toFile());
      assertEquals("dragonfly", valkeyCell.path("binding").asText());
      assertEquals("30000", valkeyCell.path("configuration").path("dragonfly.timeout").asText());
      assertEquals("connection-per-client", valkeyCell.path("load").path("model").asText());
      // The study's 5,000 requests per connection, scaled: round(5,000 x 0.0005) = 3 per client.
      assertEquals(300, valkeyCell.path("overall").path("operations").asLong(), "3 operations x 100 clients");
      assertEquals(2400, JSON.readTree(out.resolve("valkey/memtier/t800/r1/result.json").toFile()).path("overall")
          .path("operations").asLong(), "3 operations x 800 clients");
      assertEquals(100, valkeyCell.path("load").path("server").path("runConnections").asInt(),
          "the server held memtier's 100 connections: " + valkeyCell.path("load"));
      assertTrue(run.err().contains("ycsb-kv study: every store runs with the dragonfly binding's client"), run.err());
      String html = Files.readString(out.resolve("report.html"));
      assertTrue(html.contains("<tr><td class=\"l\">server versions</td><td class=\"l\">Redis 8.0.2, KeyDB 6.3.4,"
          + " Dragonfly 1.30.3, Valkey 8.1.1</td><td class=\"l\">keydb: "), "the setups side by side, first screen");
      assertTrue(html.contains("<tr><td class=\"l\">objectcache</td><td class=\"l\">valkey</td><td>1 / 1</td>"
          + "<td class=\"l\">throughput</td><td>16,561</td>"), "the published object-cache figure beside ours");
      assertTrue(html.contains("<td class=\"l\">P95 (all operations)</td><td>0.103</td><td class=\"l\">ms</td><td>"),
          "the object-cache test's P95 beside ours");
      assertTrue(html.contains("<td class=\"l\">CV of throughput</td><td>2.04</td><td class=\"l\">%</td><td>"),
          "the object-cache test's CV beside ours");
      assertTrue(html.contains("<th>iterations</th><th>ops/s mean</th><th>ops/s std. dev.</th><th>CV</th>"
          + "<th>CV band</th><th>ops/s 95% CI</th>"), "the object-cache table, with the study's CV bands");
      assertTrue(Pattern.compile("%</td><td class=\"l\">(Excellent|Good|Fair|over 10%)</td>").matcher(html).find(),
          "each store's band");
      assertTrue(html.contains("<summary>valkey, memtier</summary><pre>bin/ycsb run dragonfly -threads 800 "),
          "the command names the binding that ran");
      // The servers the study started are gone.
      for (int port : ports) {
        try (java.net.Socket s = new java.net.Socket()) {
          s.connect(new java.net.InetSocketAddress(host, port), 500);
          org.junit.jupiter.api.Assertions.fail("a server still listens on " + port);
        } catch (java.io.IOException expected) {
          // stopped
        }
      }
      // And Aerospike from asd, with a configuration generated for it.
      Cli aerospike = Cli.run("study", "ycsb2025", "--stores", "aerospike", "--out", dir.resolve("as").toString(),
          "--scale", "0.0007", "--repeat", "1", "--flush", "--servers", servers());
      assertEquals(0, aerospike.exitCode(), aerospike.err());
      assertTrue(aerospike.err().contains("ycsb-kv study: aerospike started "
          + (servers().equals("container") ? "in container " : "on 127.0.0.1:")), aerospike.err());
      // Aerospike 8 reports no resident memory: asd's own (VmRSS), read where it runs on this host, is the figure, as
      // Redis's is (#54), before the load too (asd reserves memory before any record). A container's asd is found the
      // same way where its listening socket is this host's; else the figure is its namespace's data, said as such.
      String asHtml = Files.readString(dir.resolve("as").resolve("report.html"));
      String unit = servers().equals("binary") ? "MB \\(RSS\\)" : "MB \\((RSS|used)\\)";
      for (String figure : List.of("memory before the run", "memory after the run")) {
        Matcher row = Pattern.compile("<td class=\"l\">" + figure + "</td><td>[0-9.,]+</td><td class=\"l\">MB</td>"
            + "<td>([0-9,]+\\.[0-9])</td><td class=\"l\">" + unit + "</td>").matcher(asHtml);
        assertTrue(row.find(), "Aerospike's " + figure + " is asd's resident memory, said as such");
        if (row.group().contains("MB (RSS)")) {
          // asd holds its code and its namespace's index before any record: tens of MB at least.
          assertTrue(Double.parseDouble(row.group(1).replace(",", "")) > 10, "asd's resident set: " + row.group());
        }
      }
    } finally {
      System.clearProperty("ycsbkv.home");
    }
  }

  /**
   * #17: {@code --tls} runs the memtier cells again against each store serving TLS only, with a throw-away CA
   * (and, for Dragonfly, a random password that is never printed).
   */
  @Test
  void memtier2025_tls_runsEachStoreAgainOverTls_withAThrowAwayCa() throws Exception {
    for (String binary : java.util.List.of("redis-server", "dragonfly", "openssl")) {
      if (RespServer.onPath(binary) == null) {
        String why = binary + " is not on PATH: skipping the TLS study";
        if (Store.binaryRequired(Store.Kind.DRAGONFLY)) {
          org.junit.jupiter.api.Assertions.fail(why + ", but it.require lists dragonfly");
        }
        org.junit.jupiter.api.Assumptions.abort(why);
      }
    }
    System.setProperty("ycsbkv.home", Path.of("..").toAbsolutePath().normalize().toString());
    try {
      Path out = dir.resolve("tls");
      // Its memtier cells only (--workloads): the object-cache test runs in the test above.
      Cli run = Cli.run("study", "memtier2025", "--stores", "redis,dragonfly", "--tls", "--workloads", "memtier",
          "--out", out.toString(), "--scale", "0.0005", "--repeat", "1", "--flush", "--servers", servers());
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("ycsb-kv study: redis (TLS only, throw-away CA) started "
          + (servers().equals("container") ? "in container redis:" : "on 127.0.0.1:")), run.err());
      assertTrue(run.err().contains(" --requirepass=***"), "Dragonfly's password is masked: " + run.err());
      JsonNode sweep = JSON.readTree(out.resolve("sweep.json").toFile());
      java.util.Map<String, Integer> cells = new java.util.TreeMap<>();
      for (JsonNode cell : sweep.path("cells")) {
        assertEquals(0, cell.path("failed").size(), cell.toString());
        cells.merge(cell.path("binding").asText() + "/" + cell.path("workload").asText(), 1, Integer::sum);
      }
      assertEquals("{dragonfly+tls/memtier=4, dragonfly/memtier=4, redis+tls/memtier=4, redis/memtier=4}",
          cells.toString(), "the memtier cells, plain and over TLS, and no object-cache test (--workloads memtier)");
      assertTrue(JSON.readTree(out.resolve("study.json").toFile()).path("notes").toString()
          .contains("only memtier of the study's workloads (--workloads)"), "said in study.json");
      JsonNode result = JSON.readTree(out.resolve("dragonfly+tls/memtier/t100/r1/result.json").toFile());
      assertEquals("true", result.path("configuration").path("dragonfly.tls").asText());
      String password = result.path("configuration").path("dragonfly.password").asText();
      assertFalse(password.isEmpty(), result.path("configuration").toString());
      assertTrue(password.chars().allMatch(c -> c == '*'), "masked in result.json: " + password);
      String html = Files.readString(out.resolve("report.html"));
      assertTrue(html.contains("<h2>Labelled runs against the same store</h2>"), "TLS against plain, per store");
      // The published TLS figures beside ours, the same statistic: memtier's average over every operation, in ms.
      Matcher tls = Pattern.compile("<tr><td class=\"l\">memtier</td><td class=\"l\">redis\\+tls</td><td>2 / 200"
          + "</td><td class=\"l\">average \\(all operations\\)</td><td>2.50</td><td class=\"l\">ms</td><td>"
          + "([0-9.,]+)</td><td class=\"l\">ms</td><td>([0-9.]+)</td></tr>").matcher(html);
      int row = html.indexOf("redis+tls</td><td>2 / 200</td><td class=\"l\">average");
      assertTrue(tls.find(), "redis+tls at 2 threads: 2.50 ms published, ours beside it with the ratio: "
          + (row < 0 ? "no such row" : html.substring(row, Math.min(html.length(), row + 300))));
      assertEquals(Double.parseDouble(tls.group(1).replace(",", "")) / 2.50, Double.parseDouble(tls.group(2)), 0.01);
      assertTrue(html.contains("<tr><td class=\"l\">redis+tls</td><td class=\"l\">redis</td><td class=\"l\">"
          + "memtier</td><td>400</td>"), "redis over TLS against redis at 400 clients");
      // Table 6.3: TLS's cost, ours from the STORE+tls and STORE cells at 4 threads, in percent.
      Matcher cost = Pattern.compile("<tr><td class=\"l\">memtier</td><td class=\"l\">redis</td><td>4 / 400</td>"
          + "<td class=\"l\">TLS throughput impact</td><td>-33.4</td><td class=\"l\">%</td><td>([-+][0-9.]+)</td>")
          .matcher(html);
      assertTrue(cost.find(), "TLS's throughput cost beside the published -33.4%");
      double plain = 0;
      double overTls = 0;
      for (JsonNode cell : sweep.path("cells")) {
        if (cell.path("workload").asText().equals("memtier") && cell.path("threads").asInt() == 400) {
          double ops = cell.path("figures").path("throughputOpsPerSec").path("mean").asDouble();
          plain = cell.path("binding").asText().equals("redis") ? ops : plain;
          overTls = cell.path("binding").asText().equals("redis+tls") ? ops : overTls;
        }
      }
      assertEquals(100 * (overTls / plain - 1), Double.parseDouble(cost.group(1)), 0.051, "ours: the cells' ratio");
      assertTrue(html.contains("<td class=\"l\">GET hit rate</td><td>5.15</td><td class=\"l\">%</td>"), "hit rate");
    } finally {
      System.clearProperty("ycsbkv.home");
    }
  }

  /**
   * How the study starts its servers in this run: only containers in the container pass (so that it cannot
   * pass on binaries), only binaries when the tests are asked for them, else as users get it.
   */
  private static String servers() {
    return switch (Store.Provision.configured()) {
      case CONTAINER -> "container";
      case BINARY -> "binary";
      default -> "auto";
    };
  }

  @Test
  void list_namesBothStudies_andAnUnknownOneIsOneLine() {
    Cli list = Cli.run("study", "--list");
    assertEquals(0, list.exitCode());
    assertTrue(list.out().startsWith("ycsb2025: YCSB study of Redis, Aerospike and Dragonfly"), list.out());
    assertTrue(list.out().contains("\nmemtier2025: memtier-style study"), list.out());
    assertTrue(list.out().contains("\n  and objectcache at 1 thread(s), 13 iterations\n  --tls: memtier again over TLS\n"),
        list.out());
    Cli aerospike = Cli.run("study", "memtier2025", "--stores", "redis,aerospike", "--out", dir.toString());
    assertEquals(2, aerospike.exitCode());
    assertEquals("ycsb: study memtier2025 runs RESP stores only (redis, valkey, keydb, dragonfly), with one client;"
        + " drop aerospike from --stores", aerospike.lastErrLine());
    Cli noTls = Cli.run("study", "ycsb2025", "--tls", "--out", dir.toString());
    assertEquals(2, noTls.exitCode());
    assertEquals("ycsb: study ycsb2025 has no TLS pass; drop --tls (ycsb study --list)", noTls.lastErrLine());
    Cli unknown = Cli.run("study", "tpcc", "--out", dir.toString());
    assertEquals(2, unknown.exitCode());
    assertEquals("ycsb: unknown study 'tpcc'; known: ycsb2025, memtier2025 (ycsb study --list)", unknown.lastErrLine());
  }
}
