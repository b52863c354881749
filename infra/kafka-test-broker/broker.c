/*
 * kafka-test-broker: a Kafka-protocol broker for tests, built on librdkafka's
 * mock cluster (rdkafka_mock.h). Listens on 127.0.0.1 only.
 *
 * Usage: kafka-test-broker [--brokers N] [--partitions P]
 *                          [--replication-factor R] [--port PORT]
 *                          [--topic NAME[:PARTITIONS]]... [--topics-file FILE]
 *                          [--ignore-stdin] [--debug CONTEXTS]
 *                          [--no-protocol-fixes]
 *
 * Prints exactly one line "BOOTSTRAP=127.0.0.1:port[,...]" on stdout, then
 * serves until SIGTERM/SIGINT/SIGHUP or until stdin reaches EOF (so it dies
 * with the process that spawned it), then destroys the cluster and exits 0.
 *
 * While running, stdin also accepts commands, one per line. Each command is
 * answered with one line on stdout ("OK ..." or "ERR ..."); nothing else is
 * ever written to stdout after the BOOTSTRAP line:
 *   topic NAME [PARTITIONS [REPLICATION_FACTOR]]   create a topic
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define PROG "kafka-test-broker"

/*
 * Fixed ports. librdkafka 2.0.x has no API to choose the mock brokers'
 * ports: each mock broker binds 127.0.0.1:0 and advertises whatever port the
 * kernel picked. This program defines bind(), which (being in the
 * executable) takes precedence over libc's for librdkafka's calls too. While
 * the cluster is being created, a bind() to 127.0.0.1:0 is rewritten to the
 * next requested port (brokers are created in id order 1..N, so broker i
 * gets PORT+i-1). Everything else goes straight to libc's bind().
 */
static int fixed_port_next = 0; /* 0 = off */

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
        static int (*real_bind)(int, const struct sockaddr *, socklen_t);
        if (!real_bind)
                real_bind = (int (*)(int, const struct sockaddr *,
                                     socklen_t))dlsym(RTLD_NEXT, "bind");
        if (fixed_port_next > 0 && addr && addr->sa_family == AF_INET &&
            len >= (socklen_t)sizeof(struct sockaddr_in)) {
                const struct sockaddr_in *in = (const struct sockaddr_in *)addr;
                if (in->sin_port == 0 &&
                    in->sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
                        struct sockaddr_in fixed = *in;
                        int one                  = 1;
                        fixed.sin_port = htons((uint16_t)fixed_port_next++);
                        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one,
                                   sizeof(one));
                        return real_bind(fd, (struct sockaddr *)&fixed,
                                         sizeof(fixed));
                }
        }
        return real_bind(fd, addr, len);
}

/*
 * SyncGroup race. In librdkafka's mock (2.0.x and later) a group's sync
 * completes as soon as the leader's SyncGroup, which carries every member's
 * assignment, has arrived; the group is then "Up". A follower whose
 * SyncGroup arrives after the leader's gets INVALID_REQUEST (42), which
 * kafkajs treats as fatal: the consumer crashes and never gets partitions.
 * It happens when the follower is slower than the leader, e.g. on a busy
 * machine (seen in 3 of 25 two-consumer joins under CPU load).
 *
 * Fix: the broker's own connections (those it accept()ed) are followed
 * through recvmsg()/sendmsg(), which librdkafka's mock uses for all its
 * socket I/O, and the ErrorCode of such a SyncGroup response is rewritten
 * to REBALANCE_IN_PROGRESS (27), on which kafkajs rejoins the group. Only
 * the low byte of the error code changes (0x002A -> 0x001B), so frame sizes
 * are untouched and partial sends are handled by following only the bytes
 * the kernel actually took.
 */
#define KP_SYNCGROUP 14
#define KP_ERR_INVALID_REQUEST 42
#define KP_ERR_REBALANCE_IN_PROGRESS 27
#define MAX_TRACKED_FD 8192
#define MAX_PENDING 32

static int protocol_fixes = 1;
static unsigned long syncgroup_rewrites;

struct in_parser { /* requests: Size ApiKey ApiVersion CorrId ... */
        unsigned char hdr[12];
        int hdr_len;
        int64_t skip;
};

struct out_parser { /* responses: Size CorrId [Throttle] ErrorCode ... */
        unsigned char hdr[14];
        int hdr_len;
        int64_t skip;
        int err_off; /* offset of ErrorCode in this frame, 0 = not SyncGroup */
};

struct conn {
        struct in_parser in;
        struct out_parser out;
        struct {
                int32_t corrid;
                int err_off;
        } pending[MAX_PENDING]; /* outstanding SyncGroup requests */
        int pending_cnt;
};

static struct conn *conns[MAX_TRACKED_FD];

static int32_t be32(const unsigned char *p) {
        return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
                         (uint32_t)p[2] << 8 | (uint32_t)p[3]);
}

static void in_feed(struct conn *c, const unsigned char *p, size_t len) {
        struct in_parser *ip = &c->in;
        while (len > 0) {
                if (ip->skip > 0) {
                        size_t n = (size_t)ip->skip < len ? (size_t)ip->skip
                                                          : len;
                        ip->skip -= (int64_t)n;
                        p += n;
                        len -= n;
                        continue;
                }
                ip->hdr[ip->hdr_len++] = *p++;
                len--;
                if (ip->hdr_len < 12)
                        continue;
                {
                        int32_t size   = be32(ip->hdr);
                        int16_t apikey = (int16_t)(ip->hdr[4] << 8 | ip->hdr[5]);
                        int16_t apiver = (int16_t)(ip->hdr[6] << 8 | ip->hdr[7]);
                        int32_t corrid = be32(ip->hdr + 8);
                        if (apikey == KP_SYNCGROUP &&
                            c->pending_cnt < MAX_PENDING) {
                                c->pending[c->pending_cnt].corrid  = corrid;
                                c->pending[c->pending_cnt].err_off =
                                    apiver >= 1 ? 12 : 8;
                                c->pending_cnt++;
                        }
                        ip->hdr_len = 0;
                        ip->skip    = size > 8 ? (int64_t)size - 8 : 0;
                }
        }
}

/* Feeds response bytes. With patch != NULL (a dry run on a copy of the
 * parser) it records the positions whose byte must be rewritten. */
static void out_feed(struct conn *c, struct out_parser *op,
                     const unsigned char *p, size_t len, size_t *patch,
                     int *patch_cnt, int max_patch) {
        size_t pos = 0;
        while (pos < len) {
                if (op->skip > 0) {
                        size_t n = (size_t)op->skip < len - pos
                                       ? (size_t)op->skip
                                       : len - pos;
                        op->skip -= (int64_t)n;
                        pos += n;
                        continue;
                }
                op->hdr[op->hdr_len++] = p[pos];
                if (op->hdr_len == 8) {
                        int32_t corrid = be32(op->hdr + 4);
                        int i;
                        op->err_off = 0;
                        for (i = 0; i < c->pending_cnt; i++) {
                                if (c->pending[i].corrid == corrid) {
                                        op->err_off = c->pending[i].err_off;
                                        if (!patch) /* committing */
                                                c->pending[i] =
                                                    c->pending[--c->pending_cnt];
                                        break;
                                }
                        }
                } else if (op->hdr_len > 8 && op->err_off &&
                           op->hdr_len == op->err_off + 2 && patch &&
                           op->hdr[op->err_off] == 0 &&
                           p[pos] == KP_ERR_INVALID_REQUEST &&
                           *patch_cnt < max_patch) {
                        patch[(*patch_cnt)++] = pos;
                }
                pos++;
                if (op->hdr_len >= 8 &&
                    (!op->err_off || op->hdr_len == op->err_off + 2)) {
                        int32_t size = be32(op->hdr);
                        op->skip     = size > op->hdr_len - 4
                                           ? (int64_t)size - (op->hdr_len - 4)
                                           : 0;
                        op->hdr_len  = 0;
                }
        }
}

static void iov_feed_in(struct conn *c, const struct msghdr *msg, size_t n) {
        size_t i;
        for (i = 0; i < msg->msg_iovlen && n > 0; i++) {
                size_t l = msg->msg_iov[i].iov_len < n ? msg->msg_iov[i].iov_len
                                                       : n;
                in_feed(c, msg->msg_iov[i].iov_base, l);
                n -= l;
        }
}

int accept(int fd, struct sockaddr *addr, socklen_t *len) {
        static int (*real_accept)(int, struct sockaddr *, socklen_t *);
        int s;
        if (!real_accept)
                real_accept = (int (*)(int, struct sockaddr *, socklen_t *))
                    dlsym(RTLD_NEXT, "accept");
        s = real_accept(fd, addr, len);
        if (s >= 0 && s < MAX_TRACKED_FD && protocol_fixes) {
                if (!conns[s])
                        conns[s] = malloc(sizeof(struct conn));
                if (conns[s])
                        memset(conns[s], 0, sizeof(struct conn));
        }
        return s;
}

int close(int fd) {
        static int (*real_close)(int);
        if (!real_close)
                real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
        if (fd >= 0 && fd < MAX_TRACKED_FD && conns[fd]) {
                free(conns[fd]);
                conns[fd] = NULL;
        }
        return real_close(fd);
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags) {
        static ssize_t (*real_recvmsg)(int, struct msghdr *, int);
        ssize_t r;
        if (!real_recvmsg)
                real_recvmsg = (ssize_t(*)(int, struct msghdr *, int))dlsym(
                    RTLD_NEXT, "recvmsg");
        r = real_recvmsg(fd, msg, flags);
        if (r > 0 && fd >= 0 && fd < MAX_TRACKED_FD && conns[fd] &&
            !(flags & MSG_PEEK))
                iov_feed_in(conns[fd], msg, (size_t)r);
        return r;
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags) {
        static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
        struct conn *c;
        struct out_parser dry;
        size_t patch[8], base = 0, i;
        int patch_cnt = 0;
        ssize_t r;
        struct msghdr m;
        struct iovec iov_small[16], *iov = NULL;
        unsigned char *copies[8] = {0};
        int copy_cnt = 0;

        if (!real_sendmsg)
                real_sendmsg = (ssize_t(*)(int, const struct msghdr *, int))
                    dlsym(RTLD_NEXT, "sendmsg");
        if (fd < 0 || fd >= MAX_TRACKED_FD || !(c = conns[fd]))
                return real_sendmsg(fd, msg, flags);

        /* Dry run: where are the bytes to rewrite (offsets in this call)? */
        dry = c->out;
        for (i = 0; i < msg->msg_iovlen; i++) {
                size_t before = (size_t)patch_cnt, k;
                out_feed(c, &dry, msg->msg_iov[i].iov_base,
                         msg->msg_iov[i].iov_len, patch, &patch_cnt, 8);
                for (k = before; k < (size_t)patch_cnt; k++)
                        patch[k] += base;
                base += msg->msg_iov[i].iov_len;
        }

        m = *msg;
        if (patch_cnt > 0) {
                iov = msg->msg_iovlen <= 16
                          ? iov_small
                          : malloc(msg->msg_iovlen * sizeof(*iov));
                if (!iov)
                        return real_sendmsg(fd, msg, flags);
                memcpy(iov, msg->msg_iov, msg->msg_iovlen * sizeof(*iov));
                base = 0;
                for (i = 0; i < msg->msg_iovlen; i++) {
                        size_t l = iov[i].iov_len;
                        int k, copied = 0;
                        for (k = 0; k < patch_cnt; k++) {
                                if (patch[k] < base || patch[k] >= base + l)
                                        continue;
                                if (!copied) {
                                        unsigned char *cp = malloc(l);
                                        if (!cp)
                                                break;
                                        memcpy(cp, iov[i].iov_base, l);
                                        iov[i].iov_base   = cp;
                                        copies[copy_cnt++] = cp;
                                        copied             = 1;
                                }
                                ((unsigned char *)iov[i].iov_base)[patch[k] -
                                                                   base] =
                                    KP_ERR_REBALANCE_IN_PROGRESS;
                                syncgroup_rewrites++;
                                fprintf(stderr,
                                        PROG ": SyncGroup INVALID_REQUEST "
                                             "(mock race: leader synced "
                                             "first) sent as "
                                             "REBALANCE_IN_PROGRESS\n");
                        }
                        base += l;
                }
                m.msg_iov = iov;
        }

        r = real_sendmsg(fd, &m, flags);

        /* Commit the parser over the bytes actually sent. */
        if (r > 0) {
                size_t left = (size_t)r;
                for (i = 0; i < m.msg_iovlen && left > 0; i++) {
                        size_t l = m.msg_iov[i].iov_len < left
                                       ? m.msg_iov[i].iov_len
                                       : left;
                        out_feed(c, &c->out, m.msg_iov[i].iov_base, l, NULL,
                                 NULL, 0);
                        left -= l;
                }
        }
        for (i = 0; i < (size_t)copy_cnt; i++)
                free(copies[i]);
        if (iov && iov != iov_small)
                free(iov);
        return r;
}

/* Returns 0 if 127.0.0.1:port can be bound now, else errno. librdkafka 2.0.x
 * aborts (assertion in rd_kafka_mock_cluster_destroy) when a mock broker
 * fails to bind, so ports are checked before the cluster is created. */
static int port_free(int port) {
        struct sockaddr_in in = {.sin_family = AF_INET,
                                 .sin_port   = htons((uint16_t)port),
                                 .sin_addr   = {htonl(INADDR_LOOPBACK)}};
        int one = 1, err = 0;
        int fd  = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd == -1)
                return errno;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
        if (bind(fd, (struct sockaddr *)&in, sizeof(in)) == -1)
                err = errno;
        close(fd);
        return err;
}

/*
 * Controller id. librdkafka's mock cluster (at least up to 2.0.x) never sets
 * mcluster->controller_id, so Metadata v1+ responses report ControllerId 0,
 * a broker that does not exist (mock broker ids are 1..N). kafkajs sends
 * InitProducerId (idempotent producer), CreateTopics etc. to the controller
 * and fails with "Broker 0 not found in the cached metadata".
 *
 * The struct is private, but its head has been the same in every release
 * that has rdkafka_mock.h:
 *   struct rd_kafka_mock_cluster_s {
 *       char id[32]; rd_kafka_t *rk; int32_t controller_id;
 *       TAILQ_HEAD(, rd_kafka_mock_broker_s) brokers; int broker_cnt; ...
 * The field is only set after every other field of that head has been
 * checked against values known through the public API.
 */
struct mock_cluster_head {
        char id[32];
        rd_kafka_t *rk;
        int32_t controller_id;
        void *brokers_first;
        void **brokers_last;
        int broker_cnt;
};

static void fix_controller_id(rd_kafka_mock_cluster_t *mcluster,
                              int broker_cnt) {
        struct mock_cluster_head *h = (struct mock_cluster_head *)mcluster;
        if (strncmp(h->id, "mockCluster", 11) || !memchr(h->id, 0, 32) ||
            h->rk != rd_kafka_mock_cluster_handle(mcluster) ||
            h->broker_cnt != broker_cnt || !h->brokers_first ||
            !h->brokers_last) {
                fprintf(stderr,
                        PROG ": warning: unknown mock cluster layout, "
                             "controller id left as is\n");
                return;
        }
        if (h->controller_id < 1 || h->controller_id > broker_cnt)
                h->controller_id = 1;
}

static void usage(FILE *fp) {
        fprintf(fp,
                "Usage: " PROG " [options]\n"
                "  --brokers N              number of brokers (default 1)\n"
                "  --partitions P           partitions of pre-created topics "
                "(default 3)\n"
                "  --replication-factor R   replication factor of pre-created "
                "topics (default min(3, brokers))\n"
                "  --port PORT              listen on PORT (broker i on "
                "PORT+i-1); default: ephemeral\n"
                "  --topic NAME[:P]         pre-create topic (repeatable)\n"
                "  --topics-file FILE       pre-create topics, one NAME[:P] "
                "per line ('#' comments)\n"
                "  --ignore-stdin           do not exit on stdin EOF\n"
                "  --no-protocol-fixes      serve librdkafka's mock as is (no "
                "controller id / SyncGroup fixes)\n"
                "  --debug LIST             librdkafka debug contexts, logged to "
                "stderr (e.g. mock)\n"
                "Prints BOOTSTRAP=<host:port,...> on stdout, runs until "
                "SIGTERM/SIGINT or stdin EOF.\n");
}

static int parse_int(const char *opt, const char *s, int min, int max) {
        char *end;
        long v;
        errno = 0;
        v     = strtol(s, &end, 10);
        if (errno || !*s || *end || v < min || v > max) {
                fprintf(stderr, PROG ": %s: invalid value '%s' (%d..%d)\n",
                        opt, s, min, max);
                exit(2);
        }
        return (int)v;
}

struct topic {
        char *name;
        int partitions; /* 0 = default */
};

static struct topic *topics;
static size_t topic_cnt, topic_size;

/* Adds "NAME" or "NAME:PARTITIONS" (whitespace trimmed). */
static void add_topic(const char *spec, const char *where) {
        char *s = strdup(spec), *p, *colon, *end;
        int parts = 0;
        for (p = s; *p == ' ' || *p == '\t'; p++)
                ;
        end = p + strlen(p);
        while (end > p && (end[-1] == ' ' || end[-1] == '\t' ||
                           end[-1] == '\r' || end[-1] == '\n'))
                *--end = '\0';
        if (!*p || *p == '#') {
                free(s);
                return;
        }
        if ((colon = strrchr(p, ':'))) {
                *colon = '\0';
                parts  = parse_int(where, colon + 1, 1, 100000);
        }
        if (!*p || strlen(p) > 249) {
                fprintf(stderr, PROG ": %s: invalid topic name '%s'\n", where,
                        spec);
                exit(2);
        }
        if (topic_cnt == topic_size) {
                topic_size = topic_size ? topic_size * 2 : 16;
                topics     = realloc(topics, topic_size * sizeof(*topics));
        }
        topics[topic_cnt].name       = strdup(p);
        topics[topic_cnt].partitions = parts;
        topic_cnt++;
        free(s);
}

static void read_topics_file(const char *path) {
        FILE *fp = fopen(path, "r");
        char line[1024];
        if (!fp) {
                fprintf(stderr, PROG ": --topics-file %s: %s\n", path,
                        strerror(errno));
                exit(2);
        }
        while (fgets(line, sizeof(line), fp))
                add_topic(line, "--topics-file");
        fclose(fp);
}

/* Handles one command line read from stdin. Answers on stdout. */
static void handle_command(rd_kafka_mock_cluster_t *mcluster, char *line,
                           int default_parts, int default_rf) {
        char name[512];
        int parts = default_parts, rf = default_rf, n;
        rd_kafka_resp_err_t err;

        if (line[0] == '\0')
                return;
        n = sscanf(line, "topic %511s %d %d", name, &parts, &rf);
        if (n < 1 || parts < 1 || rf < 1) {
                printf("ERR unknown command: %s\n", line);
                fflush(stdout);
                return;
        }
        err = rd_kafka_mock_topic_create(mcluster, name, parts, rf);
        if (err)
                printf("ERR topic %s: %s\n", name, rd_kafka_err2str(err));
        else
                printf("OK topic %s %d\n", name, parts);
        fflush(stdout);
}

int main(int argc, char **argv) {
        int brokers = 1, partitions = 3, rf = 0, port = 0, ignore_stdin = 0;
        const char *debug = NULL;
        char errstr[512];
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *mcluster;
        const char *bootstraps;
        sigset_t sigs;
        int sfd, stdin_open, i;
        size_t t;
        char inbuf[4096];
        size_t inlen = 0;

        for (i = 1; i < argc; i++) {
                const char *a = argv[i];
#define NEXT()                                                                 \
        (i + 1 < argc ? argv[++i]                                              \
                      : (fprintf(stderr, PROG ": %s needs a value\n", a),      \
                         exit(2), (char *)NULL))
                if (!strcmp(a, "--brokers"))
                        brokers = parse_int(a, NEXT(), 1, 64);
                else if (!strcmp(a, "--partitions"))
                        partitions = parse_int(a, NEXT(), 1, 100000);
                else if (!strcmp(a, "--replication-factor"))
                        rf = parse_int(a, NEXT(), 1, 64);
                else if (!strcmp(a, "--port"))
                        port = parse_int(a, NEXT(), 0, 65535);
                else if (!strcmp(a, "--topic"))
                        add_topic(NEXT(), "--topic");
                else if (!strcmp(a, "--topics-file"))
                        read_topics_file(NEXT());
                else if (!strcmp(a, "--no-protocol-fixes"))
                        protocol_fixes = 0;
                else if (!strcmp(a, "--debug"))
                        debug = NEXT();
                else if (!strcmp(a, "--ignore-stdin"))
                        ignore_stdin = 1;
                else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
                        usage(stdout);
                        return 0;
                } else {
                        fprintf(stderr, PROG ": unknown argument '%s'\n", a);
                        usage(stderr);
                        return 2;
                }
#undef NEXT
        }
        if (rf == 0)
                rf = brokers < 3 ? brokers : 3;
        if (rf > brokers) {
                fprintf(stderr,
                        PROG ": --replication-factor %d > --brokers %d\n", rf,
                        brokers);
                return 2;
        }
        if (port > 0 && port + brokers - 1 > 65535) {
                fprintf(stderr, PROG ": --port %d too high for %d brokers\n",
                        port, brokers);
                return 2;
        }

        /* Block the termination signals in every thread (librdkafka's
         * threads inherit this mask) and receive them via a signalfd. */
        signal(SIGPIPE, SIG_IGN);
        sigemptyset(&sigs);
        sigaddset(&sigs, SIGTERM);
        sigaddset(&sigs, SIGINT);
        sigaddset(&sigs, SIGHUP);
        pthread_sigmask(SIG_BLOCK, &sigs, NULL);
        sfd = signalfd(-1, &sigs, SFD_CLOEXEC);
        if (sfd == -1) {
                perror(PROG ": signalfd");
                return 1;
        }

        /* The handle only does the mock cluster's book keeping: it has no
         * bootstrap servers and never connects anywhere. */
        conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "client.id", PROG, errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK ||
            rd_kafka_conf_set(conf, "log_level", "4", errstr,
                              sizeof(errstr)) != RD_KAFKA_CONF_OK) {
                fprintf(stderr, PROG ": %s\n", errstr);
                return 1;
        }
        if (debug &&
            (rd_kafka_conf_set(conf, "debug", debug, errstr, sizeof(errstr)) !=
                 RD_KAFKA_CONF_OK ||
             rd_kafka_conf_set(conf, "log_level", "7", errstr,
                               sizeof(errstr)) != RD_KAFKA_CONF_OK)) {
                fprintf(stderr, PROG ": --debug: %s\n", errstr);
                return 2;
        }
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, PROG ": rd_kafka_new: %s\n", errstr);
                return 1;
        }

        for (i = 0; port > 0 && i < brokers; i++) {
                int err = port_free(port + i);
                if (err) {
                        fprintf(stderr, PROG ": --port: cannot listen on "
                                             "127.0.0.1:%d: %s\n",
                                port + i, strerror(err));
                        rd_kafka_destroy(rk);
                        return 1;
                }
        }

        fixed_port_next = port;
        mcluster        = rd_kafka_mock_cluster_new(rk, brokers);
        fixed_port_next = 0;
        if (!mcluster) {
                fprintf(stderr, PROG ": failed to create mock cluster\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        if (protocol_fixes)
                fix_controller_id(mcluster, brokers);

        for (t = 0; t < topic_cnt; t++) {
                int p = topics[t].partitions ? topics[t].partitions
                                             : partitions;
                rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(
                    mcluster, topics[t].name, p, rf);
                if (err) {
                        fprintf(stderr, PROG ": topic %s: %s\n",
                                topics[t].name, rd_kafka_err2str(err));
                        rd_kafka_mock_cluster_destroy(mcluster);
                        rd_kafka_destroy(rk);
                        return 1;
                }
        }

        bootstraps = rd_kafka_mock_cluster_bootstraps(mcluster);
        printf("BOOTSTRAP=%s\n", bootstraps);
        fflush(stdout);
        fprintf(stderr,
                PROG ": librdkafka %s mock cluster up: %d broker(s) at %s, "
                     "%zu topic(s) pre-created\n",
                rd_kafka_version_str(), brokers, bootstraps, topic_cnt);

        stdin_open = !ignore_stdin;
        for (;;) {
                struct pollfd fds[2] = {{.fd = sfd, .events = POLLIN},
                                        {.fd = 0, .events = POLLIN}};
                int r = poll(fds, stdin_open ? 2 : 1, -1);
                if (r == -1) {
                        if (errno == EINTR)
                                continue;
                        perror(PROG ": poll");
                        break;
                }
                if (fds[0].revents) {
                        struct signalfd_siginfo si;
                        if (read(sfd, &si, sizeof(si)) == sizeof(si))
                                fprintf(stderr, PROG ": got %s, stopping\n",
                                        strsignal((int)si.ssi_signo));
                        break;
                }
                if (stdin_open && fds[1].revents) {
                        ssize_t n = read(0, inbuf + inlen,
                                         sizeof(inbuf) - 1 - inlen);
                        char *nl;
                        if (n == -1 && errno == EINTR)
                                continue;
                        if (n <= 0) {
                                fprintf(stderr,
                                        PROG ": stdin closed, stopping\n");
                                break;
                        }
                        inlen += (size_t)n;
                        inbuf[inlen] = '\0';
                        while ((nl = strchr(inbuf, '\n'))) {
                                *nl = '\0';
                                if (nl > inbuf && nl[-1] == '\r')
                                        nl[-1] = '\0';
                                handle_command(mcluster, inbuf, partitions, rf);
                                inlen -= (size_t)(nl + 1 - inbuf);
                                memmove(inbuf, nl + 1, inlen + 1);
                        }
                        if (inlen == sizeof(inbuf) - 1) /* overlong line */
                                inlen = 0;
                }
        }

        rd_kafka_mock_cluster_destroy(mcluster);
        rd_kafka_destroy(rk);
        for (t = 0; t < topic_cnt; t++)
                free(topics[t].name);
        free(topics);
        return 0;
}
