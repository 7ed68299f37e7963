package io.github.ycsbkv.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BindingRegistryTest {

  private record Named(List<String> names) implements Binding {
    @Override
    public String dbClassName() {
      return "x.DB";
    }

    @Override
    public String description() {
      return "test";
    }
  }

  @Test
  void load_fromServiceLoader_findsTheMemoryBinding() {
    BindingRegistry r = BindingRegistry.load(getClass().getClassLoader());
    assertEquals("io.github.ycsbkv.memory.MemoryDB", r.find("memory").orElseThrow().dbClassName());
    assertEquals("io.github.ycsbkv.memory.MemoryDB", r.find("MEMORY").orElseThrow().dbClassName());
  }

  @Test
  void of_duplicateName_failsNamingBothClasses() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> BindingRegistry.of(List.of(new Named(List.of("redis")), new Named(List.of("valkey", "redis")))));
    assertTrue(e.getMessage().startsWith("binding name 'redis' is claimed by both"), e.getMessage());
  }

  @Test
  void names_areSortedAcrossBindings() {
    BindingRegistry r = BindingRegistry.of(List.of(new Named(List.of("valkey", "keydb")), new Named(List.of("aero"))));
    assertEquals(List.of("aero", "keydb", "valkey"), r.names());
    assertEquals("aero", r.bindings().get(0).names().get(0));
  }
}
