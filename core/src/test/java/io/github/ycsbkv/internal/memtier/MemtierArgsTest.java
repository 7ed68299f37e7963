package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MemtierArgsTest {

  @Test
  void defaults_areMemtiers_setGetOneToTen_fourThreadsOfFifty_tenThousandEach() {
    MemtierArgs a = MemtierArgs.parse(List.of());
    Properties p = a.properties("redis");
    assertEquals("200", p.getProperty("threadcount"));
    assertEquals("2000000", p.getProperty("operationcount"));
    assertEquals("SET __key__ __data__", p.getProperty("command.1"));
    assertEquals("1", p.getProperty("command.1.ratio"));
    assertEquals("GET __key__", p.getProperty("command.2"));
    assertEquals("10", p.getProperty("command.2.ratio"));
    assertEquals("memtier-", p.getProperty("command.2.keyprefix"));
    assertEquals("uniform", p.getProperty("command.2.keypattern"));
    assertEquals("10000001", p.getProperty("recordcount"));
    assertEquals("0", p.getProperty("command.keyminimum"));
    assertEquals("32", p.getProperty("command.valuesize"));
    assertEquals("false", p.getProperty("command.distinctseeds"));
    assertEquals("ratio", p.getProperty("command.sequence"));
    assertEquals("localhost", p.getProperty("redis.host"));
    assertEquals("6379", p.getProperty("redis.port"));
  }

  @Test
  void getoptForms_longWithEqualsOrSpace_shortJoinedOrApart() {
    MemtierArgs a = MemtierArgs.parse(List.of("-t2", "-c", "3", "--pipeline=10", "--ratio", "1:0", "-d", "100",
        "--key-prefix=", "-s", "10.0.0.5", "-p6380", "--cluster-mode", "-a", "alice:secret", "--select-db", "2"));
    Properties p = a.properties("dragonfly");
    assertEquals("6", p.getProperty("threadcount"));
    assertEquals("10", p.getProperty("pipeline"));
    assertEquals("SET __key__ __data__", p.getProperty("command.1"));
    assertEquals(null, p.getProperty("command.2"), "a ratio of 0 sends no GET");
    assertEquals("", p.getProperty("command.1.keyprefix"));
    assertEquals("10.0.0.5", p.getProperty("dragonfly.host"));
    assertEquals("6380", p.getProperty("dragonfly.port"));
    assertEquals("true", p.getProperty("dragonfly.cluster"));
    assertEquals("alice", p.getProperty("dragonfly.user"));
    assertEquals("secret", p.getProperty("dragonfly.password"));
    assertEquals("2", p.getProperty("dragonfly.db"));
    assertEquals("minimal", p.getProperty("dragonfly.handshake"), "AUTH and SELECT only, as memtier connects");
    assertEquals("60000", p.getProperty("dragonfly.timeout"), "memtier waits for every reply");
    assertEquals("65", p.getProperty("stop.grace"), "and for every reply in flight at the end, not the engine's 10 s");
    assertEquals("***", a.configuration().get("authenticate"), "the password is never written");
  }

  @Test
  void connectionStartJitter_acceptedAndInTheConfiguration_minAboveMaxRefusedAsMemtier() {
    MemtierArgs a = MemtierArgs.parse(List.of("--thread-conn-start-min-jitter-micros=10",
        "--thread-conn-start-max-jitter-micros", "50000"));
    assertEquals(10L, a.configuration().get("thread_conn_start_min_jitter_micros"));
    assertEquals(50_000L, a.configuration().get("thread_conn_start_max_jitter_micros"));
    assertEquals(0L, MemtierArgs.parse(List.of()).configuration().get("thread_conn_start_max_jitter_micros"));
    UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(List.of(
        "--thread-conn-start-min-jitter-micros", "20", "--thread-conn-start-max-jitter-micros", "10")));
    assertTrue(e.getMessage().contains("--thread-conn-start-min-jitter-micros (20) cannot be greater than"
        + " --thread-conn-start-max-jitter-micros (10)"), e.getMessage());
  }

  @Test
  void allkeys_withParallelKeys_splitsTheRangeOverTheClients_asMemtier() {
    MemtierArgs a = MemtierArgs.parse(List.of("-n", "allkeys", "--key-pattern", "P:P", "-t", "1", "-c", "50",
        "--key-minimum", "1", "--key-maximum", "10000000", "--ratio", "1:0"));
    // memtier: (max - min) / clients + 1 requests per client.
    assertEquals(199_999 + 1, a.requestsPerClient());
    assertEquals(Long.toString(200_000L * 50), a.properties("redis").getProperty("operationcount"));
    assertEquals("parallel", a.properties("redis").getProperty("command.1.keypattern"));
    assertEquals("10000000", a.properties("redis").getProperty("recordcount"));
  }

  /**
   * A range of one key with {@code -n allkeys} (the specification's preloads of one hash: {@code --key-minimum=1
   * --key-maximum 1 -n allkeys}): memtier computes max - min = 0 requests, then takes its default of 10,000 for a run
   * with neither requests nor a test time (memtier_benchmark.cpp); never a run without an end.
   */
  @Test
  void allkeys_overOneKey_isMemtiersDefaultOf10000Requests_notARunWithoutEnd() {
    MemtierArgs a = MemtierArgs.parse(List.of("--command", "HSET __key__ f __data__", "--key-minimum=1",
        "--key-maximum", "1", "-n", "allkeys", "-c", "1", "-t", "1", "--pipeline", "50"));
    assertEquals(10_000, a.requestsPerClient());
    assertEquals("10000", a.properties("redis").getProperty("operationcount"));
    MemtierArgs two = MemtierArgs.parse(List.of("--key-minimum=1", "--key-maximum", "2", "-n", "allkeys", "-c", "1",
        "-t", "1"));
    assertEquals(1, two.requestsPerClient(), "max - min, as memtier");
  }

  @Test
  void commands_takeTheRatioAndKeyPatternGivenAfterThem_testTimeAndRate() {
    MemtierArgs a = MemtierArgs.parse(List.of("--command", "LPUSH __key__ __data__", "--command-ratio", "2",
        "--command-key-pattern", "Z", "--command", "LRANGE __key__ 0 9", "--test-time", "30", "--rate-limiting", "100",
        "-t", "2", "-c", "5", "--uri", "rediss://bob:pw@db.example:7000/3", "--tls-skip-verify"));
    Properties p = a.properties("redis");
    assertEquals("LPUSH __key__ __data__", p.getProperty("command.1"));
    assertEquals("2", p.getProperty("command.1.ratio"));
    assertEquals("zipfian", p.getProperty("command.1.keypattern"));
    assertEquals("1", p.getProperty("command.2.ratio"));
    assertEquals("uniform", p.getProperty("command.2.keypattern"));
    assertEquals("30", p.getProperty("maxexecutiontime"));
    assertEquals("0", p.getProperty("operationcount"));
    assertEquals("1000", p.getProperty("target"), "--rate-limiting is per connection: 100 x 10");
    assertEquals("db.example", p.getProperty("redis.host"));
    assertEquals("7000", p.getProperty("redis.port"));
    assertEquals("true", p.getProperty("redis.tls"));
    assertEquals("true", p.getProperty("redis.tls.insecure"));
    assertEquals("3", p.getProperty("redis.db"));
    assertEquals("bob", p.getProperty("redis.user"));
    assertEquals("rediss://bob:***@db.example:7000/3", a.configuration().get("uri"));
  }

  @Test
  void tlsOptions_becomeTheBindingsProperties_andTheJsonSaysThemAsMemtierDoes() {
    MemtierArgs a = MemtierArgs.parse(List.of("--tls", "--cacert", "ca.pem", "--cert", "client.pem", "--key",
        "client.key", "--sni", "redis.test", "--tls-protocols", "TLSv1.2,TLSv1.3"));
    Properties p = a.properties("redis");
    assertEquals("true", p.getProperty("redis.tls"));
    assertEquals("ca.pem", p.getProperty("redis.tls.cafile"));
    assertEquals("client.pem", p.getProperty("redis.tls.cert"));
    assertEquals("client.key", p.getProperty("redis.tls.key"));
    assertEquals("redis.test", p.getProperty("redis.tls.sni"));
    assertEquals("TLSv1.2,TLSv1.3", p.getProperty("redis.tls.protocols"));
    assertEquals(null, p.getProperty("redis.tls.insecure"));
    // memtier 2.3's shapes: flags as the strings "true" and "false", a file not given as null.
    assertEquals("true", a.configuration().get("tls"));
    assertEquals("false", a.configuration().get("tls_skip_verify"));
    assertEquals("client.pem", a.configuration().get("cert"));
    assertEquals("redis.test", a.configuration().get("sni"));
    assertEquals("resp3", MemtierArgs.parse(List.of("-P", "resp3")).properties("redis").getProperty("redis.protocol"));
    assertEquals("resp3", MemtierArgs.parse(List.of("--protocol=resp3")).configuration().get("protocol"));
    MemtierArgs plain = MemtierArgs.parse(List.of());
    assertEquals(null, plain.properties("redis").getProperty("redis.protocol"));
    assertEquals("false", plain.configuration().get("tls"));
    assertTrue(plain.configuration().containsKey("cacert") && plain.configuration().get("cacert") == null);
    assertEquals(null, plain.properties("redis").getProperty("redis.tls"));
    for (List<String> bad : List.of(List.of("--cert", "c.pem", "--key", "k.pem"), List.of("--sni", "x"),
        List.of("--tls", "--cert", "c.pem"), List.of("--tls", "--key", "k.pem"),
        List.of("--tls", "--tls-protocols", "TLSv1.2,SSLv3"))) {
      UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(bad), bad.toString());
      assertEquals(2, e.exitCode(), bad.toString());
    }
    assertEquals("--sni is TLS's: give --tls too (or a rediss:// --uri)", assertThrows(UserError.class,
        () -> MemtierArgs.parse(List.of("--sni", "x"))).getMessage());
    assertEquals("--cert and --key go together: the client certificate's PEM file and its private key's",
        assertThrows(UserError.class, () -> MemtierArgs.parse(List.of("--tls", "--cert", "c.pem"))).getMessage());
  }

  @Test
  void zipfExponent_asMemtierTakesIt() {
    MemtierArgs given = MemtierArgs.parse(List.of("--key-pattern", "Z:R", "--key-zipf-exp", "1.5"));
    assertEquals("1.5", given.properties("redis").getProperty("command.zipfian.exponent"));
    assertEquals("zipfian", given.properties("redis").getProperty("command.1.keypattern"));
    assertEquals(1.5, given.configuration().get("key_zipf_exp"));
    // A Z pattern without it: memtier's 1. Neither: no exponent, and 0 in the configuration, as memtier writes it.
    MemtierArgs z = MemtierArgs.parse(List.of("--command", "GET __key__", "--command-key-pattern", "Z"));
    assertEquals("1.0", z.properties("redis").getProperty("command.zipfian.exponent"));
    assertEquals(1.0, z.configuration().get("key_zipf_exp"));
    assertEquals(null, MemtierArgs.parse(List.of()).properties("redis").getProperty("command.zipfian.exponent"));
    assertEquals(0.0, MemtierArgs.parse(List.of()).configuration().get("key_zipf_exp"));
    for (String bad : List.of("0", "5", "-1", "x")) {
      UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(List.of("--key-pattern", "Z:Z",
          "--key-zipf-exp", bad)), bad);
      assertEquals(2, e.exitCode(), bad);
      assertTrue(e.getMessage().startsWith("--key-zipf-exp"), e.getMessage());
    }
  }

  @Test
  void gaussianMedianAndDeviation_asMemtierTakesThem() {
    MemtierArgs a = MemtierArgs.parse(List.of("--key-pattern", "G:G", "--key-minimum", "101", "--key-maximum",
        "1100", "--key-median", "300", "--key-stddev", "10"));
    Properties p = a.properties("redis");
    assertEquals("300.0", p.getProperty("command.gaussian.median"));
    assertEquals("10.0", p.getProperty("command.gaussian.stddev"));
    assertEquals(300.0, a.configuration().get("key_median"));
    assertEquals(0.0, MemtierArgs.parse(List.of()).configuration().get("key_stddev"));
    assertEquals(null, MemtierArgs.parse(List.of()).properties("redis").getProperty("command.gaussian.median"));
    assertEquals("10.0", MemtierArgs.parse(List.of("--command", "GET __key__", "--command-key-pattern", "G",
        "--key-stddev", "10")).properties("redis").getProperty("command.gaussian.stddev"));
    for (List<String> bad : List.of(List.of("--key-stddev", "10"), List.of("--key-pattern", "G:G", "--key-stddev",
        "0"), List.of("--key-pattern", "G:G", "--key-maximum", "100", "--key-median", "101"))) {
      UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(bad), bad.toString());
      assertEquals(2, e.exitCode(), bad.toString());
    }
    assertEquals("--key-stddev shapes the G key pattern, which no --key-pattern or --command-key-pattern names",
        assertThrows(UserError.class, () -> MemtierArgs.parse(List.of("--key-stddev", "10"))).getMessage());
  }

  @Test
  void wordsThatAreNoOption_areLeftAside_asMemtierDoes() {
    MemtierArgs a = MemtierArgs.parse(List.of("--command=HSET k name ", "User", "__key__", "-n", "5"));
    assertEquals(List.of("User", "__key__"), a.ignored);
    assertEquals("HSET k name ", a.properties("redis").getProperty("command.1"));
    assertEquals("5", a.configuration().get("requests").toString());
  }

  @Test
  void whatItCannotHonour_orMemtierRefuses_isOneLineSaid() {
    for (List<String> bad : List.of(List.of("--wait-ratio", "0:0"), List.of("--wait-ratio", "1"),
        List.of("--num-slaves", "0-0"), List.of("--wait-timeout", "5"), List.of("--wait-ratio", "1:1", "--cluster-mode"),
        List.of("--wait-ratio", "1:1", "--command", "SET __key__ x"), List.of("-S", "/tmp/s"),
        List.of("--protocol", "memcache_binary"), List.of("--nope"),
        List.of("-n", "10", "--test-time", "5"), List.of("--key-pattern", "P:R"), List.of("--ratio", "3"),
        List.of("--command-ratio", "2"), List.of("--command", "GET __key__", "--ratio", "1:1"), List.of("-t"),
        List.of("-t", "zero"), List.of("--hide-histogram=yes"), List.of("-d", "10", "--data-size-range", "1-9"),
        List.of("--data-size-list", "10:1", "--data-size-range", "1-9"), List.of("--data-size-list", "10"),
        List.of("--data-size-range", "0-9"), List.of("--data-size-pattern", "X"), List.of("--expiry-range", "9-1"),
        List.of("--expiry-range", "5"), List.of("--expiry-range", "0-10"), List.of("--scan-incremental-iteration"),
        List.of("--scan-incremental-iteration", "--command", "GET __key__"),
        List.of("--scan-incremental-iteration", "--command", "SCAN 0", "--pipeline", "2"),
        List.of("--scan-incremental-iteration", "--command", "SCAN 0", "--cluster-mode"),
        List.of("--command-stats-breakdown", "line"), List.of("--command-stats-breakdown=type"))) {
      UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(bad), bad.toString());
      assertEquals(2, e.exitCode(), bad.toString());
      assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    }
    assertTrue(assertThrows(UserError.class, () -> MemtierArgs.parse(List.of("--command-stats-breakdown", "LINE")))
        .getMessage().startsWith("--command-stats-breakdown=line: memtier_benchmark's option is not honoured"));
    assertEquals(null, MemtierArgs.parse(List.of("--command-stats-breakdown", "Command", "--hdr-file-prefix=")).hdrFilePrefix);
    assertEquals("out/p", MemtierArgs.parse(List.of("--hdr-file-prefix", "out/p")).hdrFilePrefix);
    assertTrue(assertThrows(UserError.class, () -> MemtierArgs.parse(List.of("--multi-key-get", "3"))).getMessage()
        .startsWith("--multi-key-get: memtier_benchmark 2.3 sends multi-key gets over its memcache protocols only"));
  }

  @Test
  void valueSizesAndExpiries_asMemtierSendsThem() {
    Properties list = MemtierArgs.parse(List.of("--data-size-list", "10:2,100:1")).properties("redis");
    assertEquals("10:2,100:1", list.getProperty("command.valuesize.list"));
    assertEquals(null, list.getProperty("command.valuesize.pattern"));
    MemtierArgs byKey = MemtierArgs.parse(List.of("--data-size-range", "10-200", "--data-size-pattern", "S"));
    assertEquals("10-200", byKey.properties("redis").getProperty("command.valuesize"));
    assertEquals("key", byKey.properties("redis").getProperty("command.valuesize.pattern"));
    assertEquals("S", byKey.configuration().get("data_size_pattern"));
    // memtier's SET with an expiry is SETEX key seconds value, shown as a SET.
    MemtierArgs expiry = MemtierArgs.parse(List.of("--expiry-range", "5-60", "--ratio", "1:1"));
    Properties p = expiry.properties("redis");
    assertEquals("SETEX __key__ __int(5,60)__ __data__", p.getProperty("command.1"));
    assertEquals("SET", p.getProperty("command.1.name"));
    assertEquals("GET __key__", p.getProperty("command.2"));
    assertEquals("5:60", expiry.configuration().get("expiry_range"));
    assertEquals("SET __key__ __data__", MemtierArgs.parse(List.of()).properties("redis").getProperty("command.1"));
  }

  @Test
  void incrementalScan_isTheCommandsWorkloadsCursorFollowing() {
    Properties p = MemtierArgs.parse(List.of("--command", "SCAN 0 COUNT 10", "--scan-incremental-iteration",
        "--scan-incremental-max-iterations", "7", "-t", "2", "-c", "3")).properties("redis");
    assertEquals("SCAN 0 COUNT 10", p.getProperty("command.1"));
    assertEquals("true", p.getProperty("command.scan.incremental"));
    assertEquals("7", p.getProperty("command.scan.maxiterations"));
    assertEquals(null, MemtierArgs.parse(List.of("--command", "SCAN 0")).properties("redis")
        .getProperty("command.scan.incremental"));
  }

  @Test
  void monitorInput_passedToTheWorkload_withItsPattern_refusedWhereMemtierRefusesIt() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("monitor", ".txt");
    try {
      java.nio.file.Files.writeString(file, "OK\n1.5 [0 127.0.0.1:1] \"hset\" \"h\" \"f\" \"v\"\n"
          + "1.6 [0 lua] \"GET\" \"k\"\n1.7 [0 127.0.0.1:1] \"HSET\" \"h\" \"g\" \"w\"\n");
      MemtierArgs a = MemtierArgs.parse(List.of("--monitor-input", file.toString(), "--command", "__monitor_line@__",
          "--monitor-pattern", "r", "--command", "LPUSH __key__ x", "--command", "__monitor_line2__"));
      Properties p = a.properties("redis");
      assertEquals(file.toString(), p.getProperty("command.monitor.file"));
      assertEquals("random", p.getProperty("command.monitor.pattern"));
      assertEquals("__monitor_line@__", p.getProperty("command.1"));
      // memtier's rows: the file's commands in its order (a line's first quoted word), then each --command's.
      assertEquals(List.of("HSET", "GET", "LPUSH", "GET"), a.commandTypes());
      assertEquals("sequential", MemtierArgs.parse(List.of("--monitor-input", file.toString(), "--command",
          "__monitor_line1__")).properties("redis").getProperty("command.monitor.pattern"));
      for (List<String> bad : List.of(List.of("--command", "__monitor_line1__"),
          List.of("--monitor-input", file + ".none", "--command", "__monitor_line1__"),
          List.of("--monitor-input", file.toString(), "--monitor-pattern", "SR"),
          List.of("--monitor-input", file.toString(), "--monitor-pattern", "X"),
          List.of("--monitor-input", file.toString(), "--command", "__monitor_line1__", "--cluster-mode"))) {
        UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(bad), bad.toString());
        assertEquals(2, e.exitCode(), bad.toString());
        assertTrue(!e.getMessage().contains("\n"), e.getMessage());
      }
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  @Test
  void waitRatio_passedToTheWorkload_inTheConfigurationAsMemtierWritesIt() {
    MemtierArgs a = MemtierArgs.parse(List.of("--wait-ratio", "3:1", "--num-slaves", "2-0", "--wait-timeout=5-20"));
    Properties p = a.properties("redis");
    assertEquals("3:1", p.getProperty("command.wait.ratio"));
    assertEquals("0-2", p.getProperty("command.wait.replicas"), "a reversed range swapped, as memtier does");
    assertEquals("5-20", p.getProperty("command.wait.timeout"));
    assertEquals("0:2", a.configuration().get("num-slaves"));
    assertEquals("5-20", a.configuration().get("wait-timeout"));
    Properties none = MemtierArgs.parse(List.of("--wait-ratio", "1:0")).properties("redis");
    assertEquals(null, none.getProperty("command.wait.ratio"), "1:0, memtier's default: no WAIT");
    assertEquals("1:0", MemtierArgs.parse(List.of("--wait-ratio", "1:0")).configuration().get("wait-ratio"));
    assertEquals("0:0", MemtierArgs.parse(List.of()).configuration().get("wait-ratio"), "as memtier 2.3 writes it");
  }

  @Test
  void staircase_perThreadStepsAsTheEnginesTotal_refusedWhereMemtierRefusesIt() {
    MemtierArgs a = MemtierArgs.parse(List.of("--clients-start", "2", "--clients-step", "3", "--step-duration", "10",
        "-t", "4", "-c", "20", "--test-time", "60"));
    assertEquals("8+12@10s", a.properties("redis").getProperty("staircase"), "memtier's steps are per thread");
    assertEquals(2, a.configuration().get("clients_start"));
    assertEquals(null, MemtierArgs.parse(List.of()).configuration().get("clients_start"));
    // With --rate-limiting: the total rate steps as memtier's connections start (2 threads of 2, then 3, then 4
    // clients, 10 requests/s each), the last step to the test time; no staircase of closed-loop clients.
    java.util.Properties rated = MemtierArgs.parse(List.of("--clients-start", "2", "--clients-step", "1",
        "--step-duration", "4", "-t", "2", "-c", "4", "--test-time", "15", "--rate-limiting", "10"))
        .properties("redis");
    assertEquals("40@4s,60@4s,80@7s", rated.getProperty("target"));
    assertEquals(null, rated.getProperty("staircase"));
    assertEquals("40@3s", MemtierArgs.parse(List.of("--clients-start", "2", "--clients-step", "1",
        "--step-duration", "4", "-t", "2", "-c", "4", "--test-time", "3", "--rate-limiting", "10"))
        .properties("redis").getProperty("target"), "a test time within the first step");
    for (List<String> bad : List.of(List.of("--clients-start", "2", "--test-time", "5"),
        List.of("--clients-start", "2", "--clients-step", "1", "--step-duration", "1", "-n", "5"),
        List.of("--clients-start", "50", "--clients-step", "1", "--step-duration", "1", "--test-time", "5"),
        List.of("--clients-start", "2", "--clients-step", "1", "--step-duration", "1"),
        List.of("--clients-start", "0", "--clients-step", "1", "--step-duration", "1", "--test-time", "5"))) {
      UserError e = assertThrows(UserError.class, () -> MemtierArgs.parse(bad), bad.toString());
      assertEquals(2, e.exitCode(), bad.toString());
    }
  }
}
