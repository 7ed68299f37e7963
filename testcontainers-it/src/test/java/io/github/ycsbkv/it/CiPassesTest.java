package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every test class and method that {@link CiPasses}' tables name exists: a misspelt name would leave it in a pass. */
class CiPassesTest {

  @Test
  void everyNameInTheTables_isATestClassOrMethodOfThisModule() throws Exception {
    Set<String> names = new HashSet<>(CiPasses.NOT_UNDER_EMULATION.keySet());
    names.addAll(CiPasses.CONTAINER_PASS.keySet());
    names.addAll(CiPasses.LEFT_TO_CONTAINER_PASS);
    assertTrue(CiPasses.CONTAINER_PASS.keySet().containsAll(CiPasses.LEFT_TO_CONTAINER_PASS),
        "what the binary pass leaves to the container pass, that pass runs");
    for (String name : names) {
      String[] parts = name.split("#", 2);
      Class<?> type = Class.forName(CiPasses.class.getPackageName() + "." + parts[0]);
      if (parts.length == 2) {
        assertTrue(Arrays.stream(type.getDeclaredMethods()).anyMatch(m -> m.getName().equals(parts[1])),
            name + ": no such method in " + type.getName());
      }
    }
  }
}
