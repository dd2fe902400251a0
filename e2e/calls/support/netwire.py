#!/usr/bin/env python3
"""A participant's access link with faults: an IP wire between two TUN devices.

The kernel here has no netem (no sch_netem, no tc classifiers), so delay, jitter and loss are
applied in user space: one TUN device inside the participant's network namespace, one in the
root namespace, and this process copying IPv4 packets between them, each after a delay and with
a chance of being dropped. Both devices exist only while this process runs.

Usage: netwire.py <participant netns> <inner tun> <outer tun> <participant ip> <allowed ip>...
Only packets from the participant to an allowed address (the Podium server, Janus) and packets
to the participant go through; anything else is dropped, so nothing can leave the test network.

stdin takes one JSON object per line, {"delay_ms", "jitter_ms", "loss_percent"}; each is
answered with "ok" on stdout once applied. "ready" is printed once both devices exist.
"""
import ctypes
import fcntl
import heapq
import json
import os
import random
import select
import socket
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
CLONE_NEWNET = 0x40000000

libc = ctypes.CDLL(None, use_errno=True)


def setns(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), f"setns {path}")
    finally:
        os.close(fd)


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    return fd


def main():
    netns, inner_name, outer_name, participant = sys.argv[1:5]
    allowed = {socket.inet_aton(a) for a in sys.argv[5:]}
    me = socket.inet_aton(participant)

    home = os.open("/proc/self/ns/net", os.O_RDONLY)
    setns(f"/run/netns/{netns}")
    inner = open_tun(inner_name)
    if libc.setns(home, CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "setns back")
    os.close(home)
    outer = open_tun(outer_name)
    print("ready", flush=True)

    fault = {"delay_ms": 0.0, "jitter_ms": 0.0, "loss_percent": 0.0}
    queue = []  # (due, seq, fd, packet)
    last_due = {inner: 0.0, outer: 0.0}
    seq = 0
    stdin = sys.stdin.fileno()
    buffered = b""

    def forward(packet, to):
        nonlocal seq
        if fault["loss_percent"] > 0 and random.random() * 100 < fault["loss_percent"]:
            return
        delay = fault["delay_ms"]
        if fault["jitter_ms"] > 0:
            delay += random.gauss(0, fault["jitter_ms"])
        delay = max(0.0, delay) / 1000
        if delay == 0 and not queue:
            try:
                os.write(to, packet)
            except OSError:
                pass
            return
        # Packets keep their order (a link delays, it does not shuffle).
        due = max(time.monotonic() + delay, last_due[to])
        last_due[to] = due
        seq += 1
        heapq.heappush(queue, (due, seq, to, packet))

    while True:
        timeout = max(0.0, queue[0][0] - time.monotonic()) if queue else 1.0
        readable, _, _ = select.select([inner, outer, stdin], [], [], timeout)
        for fd in readable:
            if fd == stdin:
                chunk = os.read(stdin, 4096)
                if not chunk:
                    return
                buffered += chunk
                while b"\n" in buffered:
                    line, buffered = buffered.split(b"\n", 1)
                    if line.strip():
                        fault.update(json.loads(line))
                        print("ok", flush=True)
                continue
            for _ in range(64):
                try:
                    packet = os.read(fd, 65535)
                except BlockingIOError:
                    break
                if len(packet) < 20 or packet[0] >> 4 != 4:
                    continue
                src, dst = packet[12:16], packet[16:20]
                if fd == inner and src == me and dst in allowed:
                    forward(packet, outer)
                elif fd == outer and dst == me:
                    forward(packet, inner)
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, to, packet = heapq.heappop(queue)
            try:
                os.write(to, packet)
            except OSError:
                pass


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
