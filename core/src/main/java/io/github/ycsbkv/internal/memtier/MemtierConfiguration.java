package io.github.ycsbkv.internal.memtier;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code configuration} object of memtier's JSON for a parsed command line: memtier_benchmark 2.3's names
 * (memtier_benchmark.cpp, where it writes its JSON) and the shapes of its values; the password never written.
 */
final class MemtierConfiguration {

  private MemtierConfiguration() {}

  /** {@code a}'s configuration, in memtier's order. */
  static Map<String, Object> of(MemtierArgs a) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("server", a.server.host());
    c.put("port", a.server.port());
    c.put("uri", a.given.containsKey("uri") ? MemtierArgs.hidePassword(a.given.get("uri")) : "");
    c.put("protocol", a.given.getOrDefault("protocol", "redis"));
    // memtier writes these flags as the strings "true" and "false", and a file not given as null.
    c.put("tls", Boolean.toString(a.server.tls()));
    c.put("cert", a.server.cert());
    c.put("key", a.server.key());
    c.put("cacert", a.server.caCert());
    c.put("tls_skip_verify", Boolean.toString(a.server.tlsSkipVerify()));
    c.put("sni", a.server.sni());
    c.put("run_count", a.runCount);
    c.put("requests", a.requests < 0 ? a.requestsPerClient() : a.requests);
    c.put("rate_limit", a.rateLimit);
    c.put("clients", a.clients);
    c.put("threads", a.threads);
    c.put("test_time", a.testTime);
    c.put("ratio", a.setRatio + ":" + a.getRatio);
    c.put("pipeline", a.pipeline);
    c.put("data_size", a.dataSize);
    c.put("random_data", Boolean.toString(a.randomData));
    c.put("data_size_range", a.dataSizeRange == null ? "0:0" : a.dataSizeRange.replace('-', ':'));
    c.put("data_size_list", a.dataSizeList == null ? "" : a.dataSizeList);
    c.put("data_size_pattern", String.valueOf(a.dataSizePattern));
    c.put("expiry_range", a.expiryRange[0] + ":" + a.expiryRange[1]);
    c.put("key_prefix", a.keyPrefix);
    c.put("key_minimum", a.keyMinimum);
    c.put("key_maximum", a.keyMaximum);
    c.put("key_pattern", a.setPattern + ":" + a.getPattern);
    c.put("authenticate", a.server.password() == null ? "" : "***");
    c.put("select-db", a.server.db());
    c.put("cluster_mode", a.server.cluster());
    c.put("distinct_client_seed", a.distinctClientSeed);
    c.put("randomize", a.randomize);
    c.put("reconnect_interval", a.reconnectInterval);
    c.put("thread_conn_start_min_jitter_micros", a.connStartJitterMicros[0]);
    c.put("thread_conn_start_max_jitter_micros", a.connStartJitterMicros[1]);
    // memtier's own shapes: a colon in num-slaves' range, a dash in wait-timeout's.
    // Not given: 0:0, as memtier_benchmark 2.3 writes it.
    c.put("wait-ratio", a.given.containsKey("wait-ratio") ? a.waits.sets() + ":" + a.waits.waits() : "0:0");
    c.put("num-slaves", a.waits.replicas()[0] + ":" + a.waits.replicas()[1]);
    c.put("wait-timeout", a.waits.timeout()[0] + "-" + a.waits.timeout()[1]);
    // memtier 2.3's other keys, at what it writes for the options ycsb memtier refuses (each refused when given) or
    // does not take, and the Gaussian pattern's shape (0 when not given, as memtier writes it).
    c.put("unix socket", null);
    c.put("address family", "Unspecified");
    c.put("out_file", a.given.get("out-file"));
    c.put("client_stats", null);
    c.put("debug", 0);
    c.put("data_offset", 0);
    c.put("data_import", null);
    c.put("data_verify", "false");
    c.put("verify_only", "false");
    c.put("generate_keys", "false");
    c.put("key_stddev", Double.isNaN(a.keyStddev) ? 0.0 : a.keyStddev);
    c.put("key_median", Double.isNaN(a.keyMedian) ? 0.0 : a.keyMedian);
    c.put("key_zipf_exp", a.keyZipfExp);
    c.put("connection_timeout", 0);
    c.put("multi_key_get", 0);
    c.put("no-expiry", "false");
    c.put("print-all-runs", Boolean.toString(a.printAllRuns));
    if (a.clientsStart > 0) {
      c.put("clients_start", a.clientsStart);
      c.put("clients_step", a.clientsStep);
      c.put("step_duration", a.stepDuration);
    }
    return c;
  }
}
