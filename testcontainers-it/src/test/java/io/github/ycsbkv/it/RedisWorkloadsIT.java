package io.github.ycsbkv.it;

/** Every workload file through the CLI against Redis (provisioned by {@link Store}, or skipped saying why). */
class RedisWorkloadsIT extends WorkloadMatrix {
  @Override
  Store.Kind kind() {
    return Store.Kind.REDIS;
  }
}
