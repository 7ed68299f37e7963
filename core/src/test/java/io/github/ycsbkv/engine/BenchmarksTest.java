package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Finding a binding by the name users type, or by its class. */
class BenchmarksTest {

  /** One binding registered under three names, as the Redis binding is (redis, valkey, keydb). */
  private record ThreeNames() implements Binding {
    @Override
    public List<String> names() {
      return List.of("redis", "valkey", "keydb");
    }

    @Override
    public String dbClassName() {
      return MemoryDB.class.getName();
    }

    @Override
    public String description() {
      return "test";
    }
  }

  private static final BindingRegistry REGISTRY = BindingRegistry.of(List.of(new ThreeNames()));

  @Test
  void resolve_secondName_reportsTheNameTheUserTyped() {
    assertEquals("valkey", Benchmarks.of("valkey", new java.util.Properties(), REGISTRY, getClass().getClassLoader()).name());
    assertEquals("keydb", Benchmarks.of("KeyDB", new java.util.Properties(), REGISTRY, getClass().getClassLoader()).name());
    assertEquals("redis", Benchmarks.of("redis", new java.util.Properties(), REGISTRY, getClass().getClassLoader()).name());
  }

  @Test
  void resolve_className_reportsTheClassName() {
    assertEquals(MemoryDB.class.getName(),
        Benchmarks.of(MemoryDB.class.getName(), new java.util.Properties(), REGISTRY,
            getClass().getClassLoader()).name());
  }
}
