package io.github.ycsbkv.dragonfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbkv.spi.ConnectionShape;
import java.util.List;
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

  @Test
  void renameProperties_dragonflyConnectionsN_becomesConnectionsN_withOneLine() {
    Properties p = new Properties();
    p.setProperty("dragonfly.connections", "2");
    assertEquals(List.of("dragonfly.connections=2 is replaced by -p connections=2 (the clients share 2 connections),"
        + " which this run uses; the old name is read for this release only"), new DragonflyDB().renameProperties(p));
    assertEquals("2", p.getProperty("connections"));
    Properties both = new Properties();
    both.setProperty("dragonfly.connections", "2");
    both.setProperty("connections", "4");
    new DragonflyDB().renameProperties(both);
    assertEquals("4", both.getProperty("connections"), "today's name wins");
    Properties client = new Properties();
    client.setProperty("dragonfly.connections", "threadcount");
    assertEquals(List.of("dragonfly.connections=threadcount is replaced by -p connections=client, the default now;"
        + " the old name is read for this release only"), new DragonflyDB().renameProperties(client));
    assertNull(client.getProperty("connections"));
  }
}
