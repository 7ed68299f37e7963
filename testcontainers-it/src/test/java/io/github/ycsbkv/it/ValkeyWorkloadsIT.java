package io.github.ycsbkv.it;

/** Every workload file through the CLI against Valkey (provisioned by {@link Store}, or skipped saying why). */
class ValkeyWorkloadsIT extends WorkloadMatrix {
  @Override
  Store.Kind kind() {
    return Store.Kind.VALKEY;
  }
}
