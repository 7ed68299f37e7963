package io.github.ycsbkv.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The load shape on a cluster: a connection per client to every primary, and what a lost node does to the checks. */
class ClusterLoadShapeTest {

  @Test
  void onNodes_multipliesTheConnections_andSaysSo() {
    LoadShape one = new LoadShape(8, 8, 1, 2, LoadShape.Model.PER_CLIENT, null);
    LoadShape three = one.onNodes(3);
    assertEquals(24, three.connections());
    assertEquals(3, three.nodes());
    assertEquals("8 clients on 8 connections to each of 3 servers (24 in all), 1 request in flight on each,"
        + " served by 2 threads", three.describe());
    assertSame(one, one.onNodes(1), "one server: the same shape");
    assertEquals(1, one.nodes());
  }

  @Test
  void mismatches_clusterSawTheShape_none_aLostNode_noConnectionCheck() {
    LoadShape shape = new LoadShape(8, 8, 1, 2, LoadShape.Model.PER_CLIENT, null).onNodes(3);
    LoadShape seen = shape.withServer(new LoadShape.ServerView(3, 3, 27, 1.0, "x", Double.NaN));
    assertEquals(List.of(), seen.mismatches());
    LoadShape short1 = shape.withServer(new LoadShape.ServerView(3, 3, 19, 1.0, "x", Double.NaN));
    assertEquals(1, short1.mismatches().size(), short1.mismatches().toString());
    // A node lost during the run: its connections are in the peak and not in the baseline after it.
    LoadShape lost = shape.withServer(new LoadShape.ServerView(2, 2, 27, Double.NaN, "x", Double.NaN,
        List.of(new LoadShape.NodeEvent("127.0.0.1:7002", LoadShape.NodeEvent.LOST, 2910))));
    assertEquals(List.of(), lost.mismatches());
    assertEquals("127.0.0.1:7002 lost at 2.91 s", lost.server().nodeEvents().get(0).describe());
  }
}
