package io.github.ycsbkv.it;

/** Every workload file through the CLI against Keydb (provisioned by {@link Store}, or skipped saying why). */
class KeydbWorkloadsIT extends WorkloadMatrix {
  @Override
  Store.Kind kind() {
    return Store.Kind.KEYDB;
  }
}
