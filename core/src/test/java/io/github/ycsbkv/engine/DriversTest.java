package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A workload whose commands keep state on their connection (a transaction's WATCH, MULTI, EXEC): each client is served
 * from a thread of its own with its own connection, where the engine would otherwise share threads; fewer threads or
 * shared connections asked for are refused in one line.
 */
class DriversTest {

  /** Never looks at results, as the commands workload; no commands that keep state. */
  static class Plain extends site.ycsb.Workload implements WorkloadTraits {
    @Override
    public boolean pipelineSafe() {
      return true;
    }

    @Override
    public boolean doInsert(site.ycsb.DB db, Object threadState) {
      return true;
    }

    @Override
    public boolean doTransaction(site.ycsb.DB db, Object threadState) {
      return true;
    }
  }

  /** The same, sending a transaction. */
  static final class Transactions extends Plain {
    @Override
    public String keepsConnectionState() {
      return "EXEC, MULTI";
    }
  }

  private static Drivers resolve(Properties p, site.ycsb.Workload w, int clients) {
    return Drivers.resolve(p, clients, 1, 0, LoopAsyncDB.class, w, false);
  }

  @Test
  void transactions_aThreadPerClient() {
    int clients = Runtime.getRuntime().availableProcessors() + 38;
    Drivers plain = resolve(new Properties(), new Plain(), clients);
    assertTrue(plain.threads() < clients, "shared threads without transactions: " + plain);
    Drivers d = resolve(new Properties(), new Transactions(), clients);
    assertEquals(clients, d.threads(), d.toString());
    assertEquals(0, d.sharedConnections(), d.toString());
    assertTrue(d.reason().contains("EXEC, MULTI, which keep state on their connection"), d.reason());
    Properties zero = new Properties();
    zero.setProperty("drivers", "0");
    assertEquals(clients, resolve(zero, new Transactions(), clients).threads());
  }

  @Test
  void transactions_sharedThreadsOrConnections_refusedInOneLine() {
    Properties two = new Properties();
    two.setProperty("drivers", "2");
    UserError e = assertThrows(UserError.class, () -> resolve(two, new Transactions(), 40));
    assertEquals("drivers=2 serves several clients' operations on shared threads, but the workload sends EXEC, MULTI,"
        + " which keep state on their connection; use -p drivers=0 (or drop it)", e.getMessage());
    Properties shared = new Properties();
    shared.setProperty(Drivers.CONNECTIONS, "4");
    e = assertThrows(UserError.class, () -> resolve(shared, new Transactions(), 40));
    assertEquals("the workload sends EXEC, MULTI, which keep state on their connection: each client needs a"
        + " connection of its own; drop -p " + Drivers.CONNECTIONS, e.getMessage());
  }
}
