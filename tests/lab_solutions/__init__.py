"""Answers to the lab's exercises, written the way karpathy/minbpe writes them, for tests/test_lab.py.

right/   one correct answer per exercise (each file defines the function the exercise asks for)
wrong/   answers with a typical mistake, each failing on a case the test names
The harness receives each file's text, as it would receive a student's.
"""
