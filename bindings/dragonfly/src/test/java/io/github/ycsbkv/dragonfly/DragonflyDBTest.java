package io.github.ycsbkv.dragonfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbkv.spi.ConnectionShape;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the dragonfly binding tells the engine before it connects. */
class DragonflyDBTest {

  private static DragonflyDB db(String asyncClient) {
    Properties p = new Properties();
    if (asyncClient != null) {
      p.setProperty("dragonfly.asyncclient", asyncClient);
    }
    DragonflyDB db = new DragonflyDB();
    db.setProperties(p);
    return db;
  }

  /**
   * Regression (#34): the default client was netty in the settings and the property table but jedis here, so that
   * naming the default ({@code -p dragonfly.asyncclient=netty}) made the load shape unknown and {@code -p
   * connections=4} was refused, while leaving it out worked.
   */
  @ParameterizedTest
  @ValueSource(strings = {"netty", " Netty ", "jedis"})
  void connectionModel_engineOrJedisPipelinesNamed_followsTheEngine(String client) {
    assertEquals(ConnectionShape.Model.FOLLOWS_ENGINE, db(client).connectionModel());
  }

  @Test
  void connectionModel_default_followsTheEngine() {
    assertEquals(ConnectionShape.Model.FOLLOWS_ENGINE, db(null).connectionModel());
  }

  @Test
  void connectionModel_lettuce_makesNoClaim() {
    assertNull(db("lettuce").connectionModel());
  }
}
