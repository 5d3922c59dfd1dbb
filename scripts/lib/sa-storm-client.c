/*
 * sa-storm-client: one host of an SA PathRecord storm (scripts/sa-storm.sh), a raw libibumad client.
 *
 * At its own port it sends SubnAdmGet(PathRecord) to the SM's LID for each of P peers, R rounds over the same
 * peers (as an MPI launcher's ranks ask for their peers' paths), with at most W requests outstanding; it reads as it
 * sends (ibsim and jsm's simulator server stall a client that does not read) and records for every request the time
 * from its send to its answer, whether it timed out (no answer within T ms: given up, or resent with -r) and the
 * status of its answer (not 0: refused). Written in C against libibumad because the storm runs tens of these at
 * once on a 2-core machine beside the SM and the fabric: a JVM per host would cost 40 MB and a second of CPU to
 * start, a C client 1 MB and a few ms, so the SM's CPU is what the storm measures.
 *
 * The request is the one the kernel's SA client sends when rdma_cm resolves a route: SGID (this port) and DGID (the
 * peer), P_Key 0xFFFF, NumbPath 1, Reversible 1; -L asks by SLID and DLID instead.
 *
 * Usage: sa-storm-client [-s SMLID] [-p PEERS] [-R ROUNDS] [-w WINDOW] [-t TIMEOUT_MS] [-r RETRIES] [-S SEED] [-L]
 *                        [-g GOFILE] [-l LATFILE] PEERFILE
 *   PEERFILE  lines "LID GUID" (GUID in hex): the ports peers are chosen from (this port's own LID is skipped)
 *   -p        peers to ask, chosen at random without repeats (default 64; all of them if fewer)
 *   -g        print "READY ..." once attached, then wait until GOFILE exists before the first request
 *   -l        write one line per answered request: its latency in nanoseconds and its status
 * Prints one line: STORM lid=.. sent=.. answered=.. ok=.. refused=.. timedout=.. late=.. retries=.. ns=..
 * Exit status 0 when every request got an answer with status 0.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <infiniband/umad.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAD_SIZE 256
#define SA_CLASS 0x03
#define SA_CLASS_VERSION 2
#define METHOD_GET 0x01
#define METHOD_GET_RESP 0x81
#define ATTR_PATH_RECORD 0x0035
#define QP1_QKEY 0x80010000u
#define DATA_OFFSET 56
#define GID_PREFIX 0xfe80000000000000ull
/* PathRecord ComponentMask bits */
#define C_DGID (1ull << 2)
#define C_SGID (1ull << 3)
#define C_DLID (1ull << 4)
#define C_SLID (1ull << 5)
#define C_REVERSIBLE (1ull << 11)
#define C_NUMB_PATH (1ull << 12)
#define C_P_KEY (1ull << 13)
/* a TID's low 32 bits (the kernel and umad2sim own the high ones): bits 0-23 the request, 24-31 the attempt */
#define REQ_BITS 24

struct peer {
    unsigned lid;
    uint64_t guid;
};

struct req {
    unsigned peer;
    int64_t sent_ns;   /* last send */
    int64_t first_ns;  /* first send */
    int attempts;
    int done;          /* 0 waiting or not sent, 1 answered, 2 given up */
};

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void put16(uint8_t *p, unsigned v) { p[0] = v >> 8; p[1] = v; }
static void put32(uint8_t *p, uint32_t v) { put16(p, v >> 16); put16(p + 2, v & 0xffff); }
static void put64(uint8_t *p, uint64_t v) { put32(p, v >> 32); put32(p + 4, (uint32_t)v); }
static unsigned get16(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }
static uint32_t get32(const uint8_t *p) { return (uint32_t)get16(p) << 16 | get16(p + 2); }

static void usage(void)
{
    fprintf(stderr, "usage: sa-storm-client [-s SMLID] [-p PEERS] [-R ROUNDS] [-w WINDOW] [-t TIMEOUT_MS]"
            " [-r RETRIES] [-S SEED] [-L] [-g GOFILE] [-l LATFILE] PEERFILE\n");
    exit(2);
}

int main(int argc, char **argv)
{
    unsigned smlid = 0, npeers = 64, rounds = 4, window = 16, timeout_ms = 1000, retries = 0, seed = 1;
    int by_lid = 0, opt;
    const char *gofile = NULL, *latfile = NULL;
    while ((opt = getopt(argc, argv, "s:p:R:w:t:r:S:Lg:l:")) != -1) {
        switch (opt) {
        case 's': smlid = strtoul(optarg, NULL, 0); break;
        case 'p': npeers = strtoul(optarg, NULL, 0); break;
        case 'R': rounds = strtoul(optarg, NULL, 0); break;
        case 'w': window = strtoul(optarg, NULL, 0); break;
        case 't': timeout_ms = strtoul(optarg, NULL, 0); break;
        case 'r': retries = strtoul(optarg, NULL, 0); break;
        case 'S': seed = strtoul(optarg, NULL, 0); break;
        case 'L': by_lid = 1; break;
        case 'g': gofile = optarg; break;
        case 'l': latfile = optarg; break;
        default: usage();
        }
    }
    if (optind != argc - 1 || window < 1 || rounds < 1 || retries > 255) {
        usage();
    }
    if (umad_init() < 0) {
        fprintf(stderr, "sa-storm-client: umad_init failed\n");
        return 3;
    }
    umad_port_t port;
    if (umad_get_port(NULL, 0, &port) < 0) {
        fprintf(stderr, "sa-storm-client: no port\n");
        return 3;
    }
    unsigned mylid = port.base_lid;
    uint64_t myguid = be64toh(port.port_guid);
    if (smlid == 0) {
        smlid = port.sm_lid;
    }

    /* the peers: every listed port but this one, then a seeded partial shuffle picks npeers of them */
    FILE *f = fopen(argv[optind], "r");
    if (!f) {
        perror(argv[optind]);
        return 2;
    }
    size_t cap = 1024, n = 0;
    struct peer *all = malloc(cap * sizeof *all);
    unsigned lid;
    unsigned long long guid;
    while (fscanf(f, "%u %llx", &lid, &guid) == 2) {
        if (lid == mylid) {
            continue;
        }
        if (n == cap) {
            cap *= 2;
            all = realloc(all, cap * sizeof *all);
        }
        all[n].lid = lid;
        all[n++].guid = guid;
    }
    fclose(f);
    if (npeers > n) {
        npeers = n;
    }
    srandom(seed ^ (mylid * 2654435761u));
    for (unsigned i = 0; i < npeers; i++) {
        size_t j = i + (size_t)random() % (n - i);
        struct peer t = all[i];
        all[i] = all[j];
        all[j] = t;
    }
    unsigned total = npeers * rounds;
    if (total >= (1u << REQ_BITS)) {
        fprintf(stderr, "sa-storm-client: too many requests\n");
        return 2;
    }
    struct req *reqs = calloc(total ? total : 1, sizeof *reqs);
    for (unsigned i = 0; i < total; i++) {
        reqs[i].peer = i % npeers;
    }

    int portid = umad_open_port(NULL, 0);
    if (portid < 0) {
        fprintf(stderr, "sa-storm-client: umad_open_port failed\n");
        return 3;
    }
    int agent = umad_register(portid, SA_CLASS, SA_CLASS_VERSION, 1, NULL);
    if (agent < 0) {
        fprintf(stderr, "sa-storm-client: umad_register failed\n");
        return 3;
    }
    void *out = umad_alloc(1, umad_size() + MAD_SIZE);
    void *in = umad_alloc(1, umad_size() + MAD_SIZE);
    if (gofile) {
        printf("READY lid=%u guid=0x%016llx smlid=%u peers=%u\n", mylid, (unsigned long long)myguid, smlid,
               npeers);
        fflush(stdout);
        while (access(gofile, F_OK) != 0) {
            usleep(2000);
        }
    }

    /* requests in the order of their (last) sends: all share one timeout, so the oldest is the next to expire */
    unsigned *order = calloc((size_t)total * (retries + 1) + 1, sizeof *order);
    unsigned head = 0, tail = 0, outstanding = 0, next = 0;
    unsigned answered = 0, ok = 0, refused = 0, timedout = 0, late = 0, resent = 0, given_up = 0;
    int64_t timeout_ns = (int64_t)timeout_ms * 1000000;
    int64_t *lat = calloc(total ? total : 1, sizeof *lat);
    unsigned *status = calloc(total ? total : 1, sizeof *status);
    int64_t start = now_ns();

    while (answered + given_up < total) {
        /* send while the window has room: a timed-out request's retry first, else a new request */
        while (head < tail && reqs[order[head]].done != 0) {
            head++;
        }
        unsigned idx = total;
        if (head < tail && now_ns() - reqs[order[head]].sent_ns >= timeout_ns) {
            unsigned r = order[head++];
            outstanding--;
            timedout++;
            if ((unsigned)reqs[r].attempts <= retries) {
                idx = r;
                resent++;
            } else {
                reqs[r].done = 2;
                given_up++;
                continue;
            }
        }
        if (idx == total && outstanding < window && next < total) {
            idx = next++;
        }
        if (idx < total) {
            struct req *q = &reqs[idx];
            struct peer *p = &all[q->peer];
            uint8_t *mad = umad_get_mad(out);
            memset(mad, 0, MAD_SIZE);
            mad[0] = 1;
            mad[1] = SA_CLASS;
            mad[2] = SA_CLASS_VERSION;
            mad[3] = METHOD_GET;
            put32(mad + 12, (uint32_t)q->attempts << REQ_BITS | idx);
            put16(mad + 16, ATTR_PATH_RECORD);
            uint8_t *pr = mad + DATA_OFFSET;
            if (by_lid) {
                put64(mad + 48, C_DLID | C_SLID);
                put16(pr + 40, p->lid);
                put16(pr + 42, mylid);
            } else {
                put64(mad + 48, C_DGID | C_SGID | C_REVERSIBLE | C_NUMB_PATH | C_P_KEY);
                put64(pr + 8, GID_PREFIX);
                put64(pr + 16, p->guid);
                put64(pr + 24, GID_PREFIX);
                put64(pr + 32, myguid);
                pr[49] = 0x80 | 1;
                put16(pr + 50, 0xffff);
            }
            umad_set_addr(out, smlid, 1, 0, QP1_QKEY);
            q->sent_ns = now_ns();
            if (q->attempts == 0) {
                q->first_ns = q->sent_ns;
            }
            q->attempts++;
            if (umad_send(portid, agent, out, MAD_SIZE, timeout_ms, 0) < 0) {
                fprintf(stderr, "sa-storm-client: umad_send failed\n");
                return 3;
            }
            order[tail++] = idx;
            outstanding++;
        }
        /* read: without waiting while there is more to send, else until the oldest request's deadline */
        int wait_ms = 0;
        if (idx == total || outstanding == window) {
            if (outstanding == 0) {
                continue;
            }
            while (head < tail && reqs[order[head]].done != 0) {
                head++;
            }
            int64_t left = reqs[order[head]].sent_ns + timeout_ns - now_ns();
            wait_ms = left <= 0 ? 0 : (int)(left / 1000000) + 1;
        }
        for (;;) {
            int len = MAD_SIZE;
            int r = umad_recv(portid, in, &len, wait_ms);
            if (r < 0) {
                break;
            }
            wait_ms = 0;
            uint8_t *mad = umad_get_mad(in);
            if (umad_status(in) != 0 || mad[3] != METHOD_GET_RESP) {
                continue; /* a send the kernel timed out, or not ours: the deadline above counts it */
            }
            uint32_t tid = get32(mad + 12);
            unsigned i = tid & ((1u << REQ_BITS) - 1);
            if (i >= total || reqs[i].done != 0 || reqs[i].attempts == 0) {
                late++;
                continue;
            }
            reqs[i].done = 1;
            answered++;
            outstanding--;
            lat[i] = now_ns() - reqs[i].first_ns;
            status[i] = get16(mad + 4);
            if (status[i] == 0) {
                ok++;
            } else {
                refused++;
            }
        }
    }
    int64_t elapsed = now_ns() - start;
    /* answers still on their way to requests given up are late; read them for a moment so they are counted */
    for (;;) {
        int len = MAD_SIZE;
        if (umad_recv(portid, in, &len, given_up ? 200 : 0) < 0) {
            break;
        }
        late++;
    }
    if (latfile) {
        FILE *l = fopen(latfile, "w");
        if (!l) {
            perror(latfile);
            return 2;
        }
        for (unsigned i = 0; i < total; i++) {
            if (reqs[i].done == 1) {
                fprintf(l, "%lld %u\n", (long long)lat[i], status[i]);
            }
        }
        fclose(l);
    }
    printf("STORM lid=%u sent=%u answered=%u ok=%u refused=%u timedout=%u late=%u retries=%u ns=%lld\n", mylid,
           total, answered, ok, refused, timedout, late, resent, (long long)elapsed);
    umad_unregister(portid, agent);
    umad_close_port(portid);
    umad_done();
    return ok == total ? 0 : 1;
}
