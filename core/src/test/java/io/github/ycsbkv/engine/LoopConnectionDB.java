package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.ConnectionShape;

/**
 * A {@link LoopAsyncDB} that says it keeps the engine's connections (a connection per client, as the RESP bindings'
 * engine does), and remembers the {@code maxinflight} the engine handed its instances.
 */
public class LoopConnectionDB extends LoopAsyncDB implements ConnectionShape {

  static volatile String maxInFlightGiven;

  @Override
  public void init() {
    maxInFlightGiven = getProperties().getProperty(ConnectionShape.INSTANCE_MAX_IN_FLIGHT);
    super.init();
  }

  @Override
  public Model connectionModel() {
    return Model.FOLLOWS_ENGINE;
  }
}
