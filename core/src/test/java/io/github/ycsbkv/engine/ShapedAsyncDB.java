package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.ConnectionShape;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link DelayedAsyncDB} that says how it connects ({@link #MODEL}) and remembers the connections the engine
 * told each instance to open ({@code drivers.connections}).
 */
public class ShapedAsyncDB extends DelayedAsyncDB implements ConnectionShape {

  static volatile Model model = Model.FOLLOWS_ENGINE;
  static final List<Integer> CONNECTIONS = new CopyOnWriteArrayList<>();

  static void resetShape() {
    model = Model.FOLLOWS_ENGINE;
    CONNECTIONS.clear();
  }

  @Override
  public void init() {
    CONNECTIONS.add(Integer.parseInt(getProperties().getProperty(INSTANCE_CONNECTIONS)));
  }

  @Override
  public Model connectionModel() {
    return model;
  }
}
