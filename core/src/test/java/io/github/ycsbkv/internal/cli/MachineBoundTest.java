package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbkv.internal.cli.capacity.CapacityRunner;
import org.junit.jupiter.api.Test;

/** A capacity step that missed is the machine's when its cores were saturated and other processes took half a core. */
class MachineBoundTest {

  @Test
  void missedOnASaturatedMachineOthersTookACore_theMachines_elseNot() {
    assertEquals("this machine was saturated, and processes other than the client and the store took 1.1 of its 2"
        + " cores", CapacityRunner.machineBound(new double[] {1.1, 2, 1.95}, true));
    assertNull(CapacityRunner.machineBound(new double[] {1.1, 2, 1.95}, false), "a step that met: the store's");
    assertNull(CapacityRunner.machineBound(new double[] {0.3, 2, 1.95}, true), "others took little");
    assertNull(CapacityRunner.machineBound(new double[] {1.1, 2, 1.5}, true), "the machine had spare cores");
    assertNull(CapacityRunner.machineBound(null, true), "not known");
  }
}
