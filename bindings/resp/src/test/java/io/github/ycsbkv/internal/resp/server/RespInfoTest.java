package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Parsing of INFO replies as each server writes them (figures from real servers' INFO output). */
class RespInfoTest {

  @Test
  void keyCount_addsEveryDatabase() {
    var info = RespInfo.parse("# Keyspace\r\ndb0:keys=1000,expires=0,avg_ttl=0\r\ndb3:keys=25,expires=2,avg_ttl=10\r\n");
    assertEquals(1025, RespInfo.keyCount(info));
  }

  @Test
  void serverName_recognisesValkeyKeydbAndRedis() {
    assertEquals("valkey", RespInfo.serverName(RespInfo.parse("redis_version:7.2.4\nserver_name:valkey\nvalkey_version:8.1.1\n")));
    assertEquals("keydb", RespInfo.serverName(RespInfo.parse("redis_version:6.3.4\nexecutable:/usr/local/bin/keydb-server\n")));
    assertEquals("redis", RespInfo.serverName(RespInfo.parse("redis_version:7.0.15\nredis_mode:standalone\n")));
    var dragonfly = RespInfo.parse("redis_version:7.4.0\ndragonfly_version:df-v1.30.3\nthread_count:4\n");
    assertEquals("dragonfly", RespInfo.serverName(dragonfly));
    assertEquals("df-v1.30.3", RespInfo.version(dragonfly));
  }

  @Test
  void cpuMicros_addsUserAndSystemTime() {
    // Redis 7.0.15's and Dragonfly 1.40.1's INFO cpu, as they wrote it here.
    assertEquals(412_500_580, RespInfo.cpuMicros(RespInfo.parse("# CPU\r\nused_cpu_sys:271.708647\r\n"
        + "used_cpu_user:140.791933\r\nused_cpu_sys_children:0.000000\r\nused_cpu_user_children:0.000000\r\n")));
    assertEquals(246_678_067, RespInfo.cpuMicros(RespInfo.parse("# Cpu\r\nused_cpu_sys:184.262670\r\n"
        + "used_cpu_user:62.415397\r\nused_cpu_sys_children:0.0\r\n")));
    assertEquals(-1, RespInfo.cpuMicros(RespInfo.parse("# CPU\r\nused_cpu_sys:1.5\r\n")));
    assertEquals(-1, RespInfo.cpuMicros(RespInfo.parse("used_cpu_sys:x\r\nused_cpu_user:1\r\n")));
  }

  /**
   * Regression (#34, #36): a memory figure the server does not report was "0" in the redis binding's probe and -1
   * in the dragonfly binding's; Redis under qemu-user reports {@code used_memory_rss:0}. Not reported is -1.
   */
  @Test
  void bytes_absentZeroOrMalformed_isNotReported() {
    var info = RespInfo.parse("# Memory\r\nused_memory:1047816\r\nused_memory_rss:0\r\nused_memory_peak:x\r\n");
    assertEquals(1_047_816, RespInfo.bytes(info, "used_memory"));
    assertEquals(-1, RespInfo.bytes(info, "used_memory_rss"));
    assertEquals(-1, RespInfo.bytes(info, "used_memory_peak"));
    assertEquals(-1, RespInfo.bytes(info, "used_memory_lua"));
  }
}
