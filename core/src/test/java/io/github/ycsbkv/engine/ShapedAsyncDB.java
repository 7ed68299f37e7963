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

  static void resetShape() {
    model = Model.FOLLOWS_ENGINE;
    CONNECTIONS.clear();
    OPEN.set(0);
  }

  private int mine;

  @Override
  public void plan(InstancePlan plan) {
    mine = plan.connections();
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
