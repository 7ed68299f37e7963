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
  void otherCodes_areErrorsWithTheClientsMessage() {
    Status s = AerospikeDB.status(new AerospikeException(ResultCode.TIMEOUT, "Client timeout"));
    assertEquals("ERROR", s.getName());
    assertTrue(s.getDescription().contains("Client timeout"), s.getDescription());
    assertEquals("ERROR", AerospikeDB.status(new AerospikeException(ResultCode.DEVICE_OVERLOAD)).getName());
  }
}
