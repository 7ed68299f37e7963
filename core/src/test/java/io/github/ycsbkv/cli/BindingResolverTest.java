package io.github.ycsbkv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class BindingResolverTest {

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
    assertEquals("valkey", BindingResolver.resolve("valkey", REGISTRY, getClass().getClassLoader()).name());
    assertEquals("keydb", BindingResolver.resolve("KeyDB", REGISTRY, getClass().getClassLoader()).name());
    assertEquals("redis", BindingResolver.resolve("redis", REGISTRY, getClass().getClassLoader()).name());
  }

  @Test
  void resolve_className_reportsTheClassName() {
    assertEquals(MemoryDB.class.getName(),
        BindingResolver.resolve(MemoryDB.class.getName(), REGISTRY, getClass().getClassLoader()).name());
  }
}
