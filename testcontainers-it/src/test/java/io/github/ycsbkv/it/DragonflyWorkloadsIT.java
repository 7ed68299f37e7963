package io.github.ycsbkv.it;

/** Every workload file through the CLI against Dragonfly (provisioned by {@link Store}, or skipped saying why). */
class DragonflyWorkloadsIT extends WorkloadMatrix {
  @Override
  Store.Kind kind() {
    return Store.Kind.DRAGONFLY;
  }
}
