package io.github.ycsbkv.aerospike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aerospike.client.AerospikeException;
import com.aerospike.client.ResultCode;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class ResultCodeMappingTest {

  @Test
  void keyNotFound_isAMiss_notAnError() {
    assertEquals(Status.NOT_FOUND, AerospikeDB.status(new AerospikeException(ResultCode.KEY_NOT_FOUND_ERROR)));
  }

  @Test
  void otherCodes_areErrorsThatNameTheResultCode() {
    Status s = AerospikeDB.status(new AerospikeException(ResultCode.DEVICE_OVERLOAD));
    assertEquals("ERROR", s.getName());
    assertEquals("Device overload (Aerospike result code 18)", s.getDescription());
  }

  @Test
  void timeouts_sayWhichSideGaveUp() {
    AerospikeException.Timeout client = new AerospikeException.Timeout("timeout", 1, 2000, true);
    assertEquals("Timeout (Aerospike result code 9), client-side timeout", AerospikeDB.status(client).getDescription());
  }

  /** Regression: "Max async conns reached" carried the event loop's number, so one cause counted as several. */
  @Test
  void sameKindOfError_sameDescription_whateverTheNodeOrLoop() {
    Status a = AerospikeDB.status(new AerospikeException.Connection(ResultCode.NO_MORE_CONNECTIONS,
        "Max async conns reached: BB9 127.0.0.1 3000,0,256,0,256"));
    Status b = AerospikeDB.status(new AerospikeException.Connection(ResultCode.NO_MORE_CONNECTIONS,
        "Max async conns reached: BB9 127.0.0.1 3000,1,256,0,256"));
    assertEquals(a.getDescription(), b.getDescription());
    assertTrue(a.getDescription().contains("result code -7"), a.getDescription());
  }
}
