package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.InstancePlan;

/**
 * A {@link LoopAsyncDB} that says it keeps the engine's connections (a connection per client, as the RESP bindings'
 * engine does), and remembers the plan the engine handed its instances (their {@code maxinflight}).
 */
public class LoopConnectionDB extends LoopAsyncDB implements ConnectionShape, InstancePlan.Planned {

  static volatile InstancePlan planGiven;

  @Override
  public void plan(InstancePlan plan) {
    planGiven = plan;
  }

  @Override
  public Model connectionModel() {
    return Model.FOLLOWS_ENGINE;
  }
}
