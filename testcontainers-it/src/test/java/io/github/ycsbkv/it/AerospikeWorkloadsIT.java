package io.github.ycsbkv.it;

/** Every workload file through the CLI against Aerospike (provisioned by {@link Store}, or skipped saying why). */
class AerospikeWorkloadsIT extends WorkloadMatrix {
  @Override
  Store.Kind kind() {
    return Store.Kind.AEROSPIKE;
  }
}
