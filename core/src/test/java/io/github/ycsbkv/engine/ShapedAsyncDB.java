package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.InstancePlan;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link DelayedAsyncDB} that says how it connects ({@link #MODEL}) and remembers the connections the engine
 * told each instance to open ({@link InstancePlan#connections()}).
 */
public class ShapedAsyncDB extends DelayedAsyncDB implements ConnectionShape, InstancePlan.Planned {

  static volatile Model model = Model.FOLLOWS_ENGINE;
  static final List<Integer> CONNECTIONS = new CopyOnWriteArrayList<>();
  /** Connections the instances hold now: opened at init, closed at cleanup. */
  static final java.util.concurrent.atomic.AtomicInteger OPEN = new java.util.concurrent.atomic.AtomicInteger();
  /** Whether a thread may serve several pipelined clients ({@link #sharesPipelines()}). */
  static volatile boolean pipelinesShared;
  /** Each instance's plan's bound on requests in flight per connection. */
  static final List<Integer> MAX_IN_FLIGHT = new CopyOnWriteArrayList<>();

  static void resetShape() {
    model = Model.FOLLOWS_ENGINE;
    CONNECTIONS.clear();
    OPEN.set(0);
    pipelinesShared = false;
    MAX_IN_FLIGHT.clear();
  }

  private int mine;

  @Override
  public void plan(InstancePlan plan) {
    mine = plan.connections();
    MAX_IN_FLIGHT.add(plan.maxInFlight());
  }

  @Override
  public boolean sharesPipelines() {
    return pipelinesShared;
  }

  @Override
  public void init() {
    CONNECTIONS.add(mine);
    OPEN.addAndGet(mine);
  }

  @Override
  public void cleanup() {
    OPEN.addAndGet(-mine);
  }

  @Override
  public Model connectionModel() {
    return model;
  }
}
