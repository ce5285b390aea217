"""Session controllers: what one visitor's screen holds and does, in plain Python.

A page keeps one controller in its session state and reads like a
description of the screen; everything the screen does to the hand goes
through the controller, which is tested without Streamlit.
"""
