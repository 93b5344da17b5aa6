/* page_cache.h — files put out of the page cache, for the tests of how a
 * cold corpus is read. Linux only; mincore needs _DEFAULT_SOURCE defined
 * before the first system header. */
#ifndef XC_PAGE_CACHE_H
#define XC_PAGE_CACHE_H

#include <fcntl.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <unistd.h>

/* Whether the first page of the file is in the page cache (mincore), or -1
 * when that cannot be told. */
static inline int page_cached(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    long page = sysconf(_SC_PAGESIZE);
    void *m = mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (m == MAP_FAILED) return -1;
    unsigned char v = 0;
    int r = mincore(m, (size_t)page, &v) ? -1 : v & 1;
    munmap(m, (size_t)page);
    return r;
}

/* A read made not to wait for the disk may still find a small file in the
 * cache: the kernel starts reading it in, and a fast disk has it there
 * before the read looks again. A file larger than the kernel reads in at a
 * time cannot be: BIG_COLD bytes. */
#define BIG_COLD ((size_t)8 << 20)

/* Writes n zero bytes to path (a binary file, which the corpus skips once
 * read). */
static inline bool write_zeros(const char *path, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return false;
    bool ok = ftruncate(fd, (off_t)n) == 0;
    static const char z[4096];
    for (size_t at = 0; ok && at < n; at += sizeof z) ok = write(fd, z, sizeof z) == sizeof z;
    return close(fd) == 0 && ok;
}

/* Writes the file to the disk and asks the kernel to drop it from the page
 * cache. Whether it did: not on a file system held in memory, nor where the
 * kernel keeps the pages all the same. */
static inline bool evict(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return false;
    (void)fsync(fd);
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    close(fd);
    return page_cached(path) == 0;
}

#endif
